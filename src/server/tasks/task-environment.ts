import type { AuthInfo, ClientCapabilities } from '@modelcontextprotocol/server';
import type { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import type { TaskRecord } from '../../tasks/task.types.js';

/**
 * The environment of one run of a task: the creating request's version, capabilities and credentials (as
 * the task recorded them), an abort fired by `tasks/cancel`, and progress turned into the status message.
 */
export class TaskEnvironment implements RequestEnvironment {
  readonly era = 'modern' as const;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly requestId: string;
  readonly authInfo: AuthInfo | undefined;
  readonly progressToken: string;
  readonly stateTtlMs: number;
  readonly taskId: string;

  constructor(
    record: TaskRecord,
    readonly abort: RequestAbort,
    private readonly onNotification: (notification: OutboundNotification) => Promise<void>,
    nowMs: number,
  ) {
    this.protocolVersion = record.protocolVersion;
    this.clientCapabilities = record.clientCapabilities as ClientCapabilities;
    this.requestId = `${record.id}.${record.run}`;
    this.authInfo = record.auth ? { token: '', ...record.auth } : undefined;
    this.progressToken = record.id;
    this.taskId = record.id;
    // The state sealed by this run waits for its answers until the task expires.
    this.stateTtlMs = Math.max(1, record.createdAt + record.ttlMs - nowMs);
  }

  notify(notification: OutboundNotification): Promise<void> {
    return this.onNotification(notification);
  }
}
