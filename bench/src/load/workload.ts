import type { HttpConnection } from './http-connection.js';

/** One kind of operation the generator repeats; an operation is one request (echo) or one whole flow. */
export interface Workload {
  readonly name: string;
  readonly description: string;
  /** What one operation is called in the report: `req` or `flow`. */
  readonly opName: string;
  readonly concurrency: number;
  readonly requestsPerOp: number;
  /** Runs one operation on the connection; throws when the server's answer is wrong. */
  runOnce(connection: HttpConnection, nextId: () => number): Promise<void>;
}
