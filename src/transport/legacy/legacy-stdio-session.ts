import { RequestAbort } from '../../context/request-abort.js';
import type { LegacyConnection, LegacyOutlet } from '../../server/legacy/legacy-connection.js';
import { classifyLegacyMessage } from '../../server/legacy/legacy-message.check.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';

/** The revision a client that never sent `initialize` is served as, as the SDK assumed. */
const UNNEGOTIATED_VERSION = '2025-03-26';

/**
 * The one 2025-era session of a stdio connection: every message to the client is a line on the pipe,
 * so there is no stream to close. Messages arrive already parsed and checked.
 */
export class LegacyStdioSession implements LegacyOutlet {
  private connection: LegacyConnection | undefined;

  constructor(
    private readonly legacy: LegacyProtocolHandler,
    private readonly writeLine: (line: string) => void,
  ) {}

  send(message: Record<string, unknown>): Promise<void> {
    this.writeLine(JSON.stringify(message));
    return Promise.resolve();
  }

  closeCallStream(): boolean {
    return false;
  }

  receive(message: unknown): void {
    const classified = classifyLegacyMessage(message);
    if (classified.kind === 'request') {
      const request = classified.message;
      if (this.connection === undefined && request.method === 'initialize') {
        const opened = this.legacy.initialize('stdio', request);
        if ('refusal' in opened) {
          this.writeLine(opened.refusal);
          return;
        }
        this.connection = this.legacy.connect(opened.record, this);
        this.writeLine(opened.reply);
        return;
      }
      const abort = new RequestAbort();
      void this.legacy
        .handleRequest(this.connected(), request, { abort })
        // A cancelled request gets no response: the client gave up on it.
        .then((json) => {
          if (!abort.aborted) this.writeLine(json);
        });
    } else if (classified.kind === 'notification') {
      this.legacy.handleNotification(this.connected(), classified.method, classified.params);
    } else if (classified.kind === 'response') {
      this.legacy.handleResponse(this.connected(), classified.message);
    }
  }

  close(): void {
    if (this.connection) this.legacy.disconnect(this.connection);
  }

  /** The session, made with what the SDK assumed when a client talks before `initialize`. */
  private connected(): LegacyConnection {
    return (this.connection ??= this.legacy.connect(
      {
        id: 'stdio',
        protocolVersion: UNNEGOTIATED_VERSION,
        clientCapabilities: {},
        clientInfo: undefined,
        logLevel: undefined,
        subscriptions: [],
        initialized: false,
      },
      this,
    ));
  }
}
