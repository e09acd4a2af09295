import { CliError } from '../shared/cli.error.js';
import type { TaskReply, TaskTransport } from './task-transport.types.js';

/** One POST per request, with the 2026-07-28 headers; `Mcp-Name` names the tool or the task. */
export class HttpTaskTransport implements TaskTransport {
  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string>,
    private readonly protocolVersion: string,
  ) {}

  async exchange(message: Record<string, unknown>, method: string, name: string): Promise<TaskReply> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        ...this.headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': this.protocolVersion,
        'mcp-method': method,
        'mcp-name': name,
      },
      body: JSON.stringify(message),
    });
    const text = await response.text();
    const body = (
      response.headers.get('content-type')?.includes('text/event-stream') ? lastEvent(text) : parse(text)
    ) as TaskReply;
    if (!body.error && !body.result)
      throw new CliError(`${method} failed: HTTP ${response.status} without a result`);
    return body;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`The server did not answer with JSON: ${text.slice(0, 200)}`);
  }
}

function lastEvent(text: string): unknown {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  return parse(data.at(-1) ?? '');
}
