import type { ServerResponse } from 'node:http';
import { sharesHiddenClass } from '../../shared/hidden-class.spec-helper.js';
import { FetchLegacyReply } from './legacy-fetch-reply.js';
import { NodeLegacyReply, type ReplyHeaders } from './legacy-http-reply.js';

/** The part of `ServerResponse` a reply writes to: it keeps the last status and headers. */
class RecordingResponse {
  writableEnded = false;
  destroyed = false;
  status = 0;
  headers: Record<string, string | number> = {};

  writeHead(status: number, headers: Record<string, string | number>): this {
    this.status = status;
    this.headers = headers;
    return this;
  }

  flushHeaders(): void {}
  end(): void {}
}

const sessions: ReplyHeaders[] = [{ 'mcp-session-id': 'session-1' }, { 'mcp-session-id': 'session-2' }];

/** The headers object of each of `rounds` replies, written by `reply` for alternating sessions. */
function headersOfReplies(rounds: number, reply: (headers: ReplyHeaders) => object): object[] {
  return Array.from({ length: rounds }, (_, round) => reply(sessions[round % 2]!));
}

function nodeReplyHeaders(write: (reply: NodeLegacyReply, headers: ReplyHeaders) => void) {
  return (headers: ReplyHeaders): object => {
    const response = new RecordingResponse();
    write(new NodeLegacyReply(response as unknown as ServerResponse), headers);
    return response.headers;
  };
}

describe('NodeLegacyReply', () => {
  it('sends a JSON body with its length, its type and the given headers', () => {
    const response = new RecordingResponse();
    new NodeLegacyReply(response as unknown as ServerResponse).json(200, '{"é":1}', {
      'mcp-session-id': 's',
    });
    expect(response.status).toBe(200);
    expect(response.headers).toStrictEqual({
      'content-type': 'application/json',
      'content-length': 8,
      'mcp-session-id': 's',
    });
  });

  it('starts an SSE body with the stream headers and the given ones', () => {
    const response = new RecordingResponse();
    new NodeLegacyReply(response as unknown as ServerResponse).startStream({ 'mcp-session-id': 's' });
    expect(response.headers).toMatchObject({ 'content-type': 'text/event-stream', 'mcp-session-id': 's' });
  });

  // `{ ...sessionHeaders, key }` got a new hidden class on every reply from the third on, allocated in the
  // old generation: some 300 bytes promoted per request under load, and twice the collections.
  it('builds the headers of every reply with one hidden class', () => {
    const json = headersOfReplies(
      10,
      nodeReplyHeaders((reply, headers) => reply.json(200, '{}', headers)),
    );
    const sse = headersOfReplies(
      10,
      nodeReplyHeaders((reply, headers) => reply.startStream(headers)),
    );
    expect(sharesHiddenClass(json[8]!, json[9]!)).toBe(true);
    expect(sharesHiddenClass(sse[8]!, sse[9]!)).toBe(true);
  });
});

describe('FetchLegacyReply', () => {
  const WebResponse = globalThis.Response;
  afterEach(() => {
    globalThis.Response = WebResponse;
  });

  it('answers JSON with its type and the given headers', async () => {
    const reply = new FetchLegacyReply();
    reply.json(202, '{}', { 'mcp-session-id': 's' });
    const response = await reply.response;
    expect(response.status).toBe(202);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('mcp-session-id')).toBe('s');
  });

  it('builds the headers of every reply with one hidden class', () => {
    const seen: object[] = [];
    globalThis.Response = class extends WebResponse {
      constructor(body?: ConstructorParameters<typeof WebResponse>[0], init?: ResponseInit) {
        seen.push(init!.headers as object);
        super(body, init);
      }
    };
    const json = headersOfReplies(10, (headers) => {
      new FetchLegacyReply().json(200, '{}', headers);
      return seen.at(-1)!;
    });
    const sse = headersOfReplies(10, (headers) => {
      new FetchLegacyReply().startStream(headers);
      return seen.at(-1)!;
    });
    expect(sharesHiddenClass(json[8]!, json[9]!)).toBe(true);
    expect(sharesHiddenClass(sse[8]!, sse[9]!)).toBe(true);
  });
});
