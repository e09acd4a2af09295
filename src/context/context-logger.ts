import type { LoggingLevel } from '@modelcontextprotocol/server';
import type { OutboundNotification } from './request-environment.js';

const SEVERITY: Record<LoggingLevel, number> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/** MCP logging for one request: `notifications/message` only when the client asked for a level. */
export class ContextLogger {
  constructor(
    private readonly threshold: LoggingLevel | undefined,
    private readonly send: (notification: OutboundNotification) => Promise<void>,
    private readonly loggerName?: string,
  ) {}

  enabled(level: LoggingLevel): boolean {
    return this.threshold !== undefined && SEVERITY[level] >= SEVERITY[this.threshold];
  }

  async log(level: LoggingLevel, data: unknown): Promise<void> {
    if (!this.enabled(level)) return;
    const params: Record<string, unknown> = { level, data };
    if (this.loggerName) params.logger = this.loggerName;
    await this.send({ method: 'notifications/message', params });
  }

  debug(data: unknown): Promise<void> {
    return this.log('debug', data);
  }
  info(data: unknown): Promise<void> {
    return this.log('info', data);
  }
  notice(data: unknown): Promise<void> {
    return this.log('notice', data);
  }
  warning(data: unknown): Promise<void> {
    return this.log('warning', data);
  }
  error(data: unknown): Promise<void> {
    return this.log('error', data);
  }
}
