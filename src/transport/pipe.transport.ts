import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

/** An SDK transport over a line writer we own, fed by our own line reader (used for legacy stdio). */
export class PipeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(private readonly writeLine: (line: string) => void) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    this.writeLine(JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }
}
