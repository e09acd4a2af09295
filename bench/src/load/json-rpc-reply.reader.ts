import type { HttpReply } from './http-connection.js';

export interface ToolCallResult {
  resultType?: string;
  content?: Array<{ type: string; text?: string }>;
  inputRequests?: Record<string, { method?: string; params?: unknown }>;
  requestState?: string;
  isError?: boolean;
}

/** The JSON-RPC result of a reply (a JSON body, or the last `data:` event of an SSE body); throws on anything else. */
export function readToolCallResult(reply: HttpReply): ToolCallResult {
  if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${reply.body.slice(0, 300)}`);
  const json = reply.contentType.startsWith('text/event-stream') ? lastSseData(reply.body) : reply.body;
  const message = JSON.parse(json) as { result?: ToolCallResult; error?: { code: number; message: string } };
  if (message.error) throw new Error(`JSON-RPC error ${message.error.code}: ${message.error.message}`);
  if (!message.result) throw new Error(`no result in ${json.slice(0, 300)}`);
  if (message.result.isError) throw new Error(`tool error: ${JSON.stringify(message.result.content)}`);
  return message.result;
}

function lastSseData(body: string): string {
  const data = body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  if (data.length === 0) throw new Error('SSE reply without data');
  return data[data.length - 1];
}

export function firstText(result: ToolCallResult): string | undefined {
  return result.content?.find((block) => block.type === 'text')?.text;
}
