import type { ServerLogger } from '../shared/server-logger.js';

/** The connection events of an ioredis client. */
export interface ConnectionEvents {
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  off?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/**
 * The client's `error` events, handled so that ioredis does not report them as unhandled: the first error
 * of an outage is logged, and so is the recovery (`ready`); the errors between them are not.
 */
export class ConnectionHealth {
  private down = false;
  private readonly onError = (error: unknown) => {
    this.hooks.lost?.();
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      `${this.subject} lost its connection (${describe(error)}); calls that need it fail as retryable until it is back`,
    );
  };
  private readonly onReady = () => {
    this.hooks.connected?.();
    if (!this.down) return;
    this.down = false;
    this.logger.info(`${this.subject} is connected again`);
  };

  constructor(
    private readonly logger: Pick<ServerLogger, 'warn' | 'info'>,
    /** What lost its connection, as the log names it. */
    private readonly subject: string,
    /** `connected`: told on every connection, the first and each after an outage; `lost`: on each error. */
    private readonly hooks: { connected?: () => void; lost?: () => void } = {},
  ) {}

  start(client: ConnectionEvents): void {
    client.on?.('error', this.onError);
    client.on?.('ready', this.onReady);
  }

  stop(client: ConnectionEvents): void {
    client.off?.('error', this.onError);
    client.off?.('ready', this.onReady);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
