import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

interface WireMessage {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
}

/** Everything the server sent the client since the last `clear()`, as it arrived on the transport. */
export class WireRecorder {
  private messages: WireMessage[] = [];

  /** Wraps the handler the client installed on `connect`, so call after connecting. */
  static attach(transport: Transport): WireRecorder {
    const recorder = new WireRecorder();
    const deliver = transport.onmessage!;
    transport.onmessage = ((message: JSONRPCMessage, extra?: unknown) => {
      recorder.messages.push(structuredClone(message) as WireMessage);
      (deliver as (message: JSONRPCMessage, extra?: unknown) => void)(message, extra);
    }) as Transport['onmessage'];
    return recorder;
  }

  clear(): void {
    this.messages = [];
  }

  /** Server-to-client requests of one method. */
  requests(method: string): Array<{ id: string | number; params: Record<string, unknown> }> {
    return this.messages
      .filter((message) => message.method === method && message.id !== undefined)
      .map((message) => ({ id: message.id!, params: message.params ?? {} }));
  }

  notifications(method: string): Array<Record<string, unknown>> {
    return this.messages
      .filter((message) => message.method === method && message.id === undefined)
      .map((message) => message.params ?? {});
  }
}
