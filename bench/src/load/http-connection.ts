import { connect } from 'node:net';
import type { Socket } from 'node:net';

const REQUEST_TIMEOUT_MS = 15_000;
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

export interface HttpReply {
  status: number;
  contentType: string;
  body: string;
}

interface Waiter {
  resolve: (reply: HttpReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One keep-alive HTTP/1.1 connection, one request at a time (pipelining 1). Hand-rolled over `node:net`
 * so the generator spends a few microseconds per request instead of the tens `node:http` would, and the
 * server, not the generator, is what saturates.
 */
export class HttpConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: Waiter | undefined;
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    private readonly hostHeader: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  static open(port: number, host = '127.0.0.1'): Promise<HttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host }, () => {
        socket.removeListener('error', reject);
        resolve(new HttpConnection(socket, `${host}:${port}`));
      });
      socket.once('error', reject);
    });
  }

  get usable(): boolean {
    return !this.closed;
  }

  /** `headers` is a ready `Name: value\r\n` block; Host and Content-Length are added here. */
  post(path: string, headers: string, body: string): Promise<HttpReply> {
    if (this.closed) return Promise.reject(new Error('connection is closed'));
    if (this.waiter) return Promise.reject(new Error('one request at a time'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('request timed out')), REQUEST_TIMEOUT_MS);
      this.waiter = { resolve, reject, timer };
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const parsed = parseResponse(this.buffer);
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed.consumed);
    const waiter = this.waiter;
    this.waiter = undefined;
    if (!waiter) return this.fail(new Error('unexpected bytes from the server'));
    clearTimeout(waiter.timer);
    if (parsed.closeAfter) this.close();
    waiter.resolve(parsed.reply);
  }

  private fail(error: Error): void {
    this.closed = true;
    this.socket.destroy();
    const waiter = this.waiter;
    this.waiter = undefined;
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.reject(error);
  }
}

interface ParsedResponse {
  reply: HttpReply;
  consumed: number;
  closeAfter: boolean;
}

/** A complete response at the start of `buffer`, or undefined while bytes are still missing. */
function parseResponse(buffer: Buffer): ParsedResponse | undefined {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const contentType = /\r\ncontent-type:\s*([^\r]*)/i.exec(head)?.[1] ?? '';
  const closeAfter = /\r\nconnection:\s*close/i.test(head);
  const bodyStart = headerEnd + HEADER_END.length;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    if (buffer.length < end) return undefined;
    return {
      reply: { status, contentType, body: buffer.toString('utf8', bodyStart, end) },
      consumed: end,
      closeAfter,
    };
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const chunked = decodeChunked(buffer, bodyStart);
    if (!chunked) return undefined;
    return { reply: { status, contentType, body: chunked.body }, consumed: chunked.end, closeAfter };
  }
  // No length and not chunked: only a body-less status makes sense for the servers under test.
  return { reply: { status, contentType, body: '' }, consumed: bodyStart, closeAfter: true };
}

function decodeChunked(buffer: Buffer, start: number): { body: string; end: number } | undefined {
  const parts: Buffer[] = [];
  let position = start;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, position);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.toString('latin1', position, lineEnd), 16);
    const dataStart = lineEnd + CRLF.length;
    if (size === 0) {
      // No trailers are expected: the last chunk is followed by an empty line.
      if (buffer.length < dataStart + CRLF.length) return undefined;
      return { body: Buffer.concat(parts).toString('utf8'), end: dataStart + CRLF.length };
    }
    if (buffer.length < dataStart + size + CRLF.length) return undefined;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    position = dataStart + size + CRLF.length;
  }
}
