import fc from 'fast-check';

/** Fixed, so a failure in CI is the same failure on a laptop; FUZZ_SEED and FUZZ_RUNS explore further. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261207);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 150);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

export const MODERN_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'pay',
};

/** Every code a refusal may carry on either wire; an internal error is never the answer to bad input. */
const CLIENT_FAULT_CODES = new Set([
  -32700, -32600, -32601, -32602, -32000, -32001, -32020, -32021, -32022, -32042,
]);

export interface Reply {
  status: number;
  /** Each JSON-RPC message of the reply: one for a JSON body, each `data:` of an event stream. */
  messages: Array<Record<string, unknown>>;
}

/** Posts raw text and reads the reply whole, whatever its framing. */
export async function post(url: string, body: string, headers = MODERN_HEADERS): Promise<Reply> {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (text === '') return { status: response.status, messages: [] };
  if (type.startsWith('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .filter((line) => line !== '');
    return {
      status: response.status,
      messages: data.map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  }
  return { status: response.status, messages: [JSON.parse(text) as Record<string, unknown>] };
}

/**
 * What every reply to any input must be: an empty acceptance or header refusal, or JSON-RPC messages each with a result or
 * an error whose code names a client's fault and whose message says what it was.
 */
export function faultOf(reply: Reply): string | undefined {
  // 202: an acceptance; 431: Node's own refusal of headers over its limit, before the app sees the request.
  if (reply.messages.length === 0)
    return reply.status === 202 || reply.status === 431 ? undefined : `empty ${reply.status} reply`;
  for (const message of reply.messages) {
    if (message.jsonrpc !== '2.0') return `not JSON-RPC: ${JSON.stringify(message).slice(0, 200)}`;
    const error = message.error as { code?: unknown; message?: unknown } | undefined;
    if (error === undefined) {
      if (message.result === undefined && message.method === undefined) return 'neither result nor error';
      continue;
    }
    if (typeof error.code !== 'number' || !CLIENT_FAULT_CODES.has(error.code))
      return `error code ${String(error.code)}: ${String(error.message)}`;
    if (typeof error.message !== 'string' || error.message === '') return 'an error without a message';
  }
  return undefined;
}

/** Throws, naming what was sent, unless {@link faultOf} accepts the reply. */
export function expectClientFaultsOnly(reply: Reply, sent: string): void {
  const fault = faultOf(reply);
  if (fault !== undefined) throw new Error(`${fault}\n  for ${sent.slice(0, 400)}`);
}

export function resultOf(reply: Reply): Record<string, unknown> | undefined {
  return reply.messages.find((message) => message.result !== undefined)?.result as
    Record<string, unknown> | undefined;
}

/** The tool call's JSON-RPC body with the modern envelope. */
export function callBody(params: JsonObject, id: Json = 1): JsonObject {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { ...params, _meta: MODERN_META } };
}

// --- Mutations -------------------------------------------------------------------------------------------

/** Stands for an array nested thousands deep, spliced in as text: the generator's own cloning would recurse. */
const DEEP = '@@deep@@';
const DEEP_TEXT = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;

/** The text of a generated body, with any deep-nesting marker made real. */
export function bodyText(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${DEEP}"`, DEEP_TEXT);
}

/** Values that have broken JSON servers: prototype keys, depth, size, lookalike tokens, odd numbers. */
const NASTY_VALUES: Json[] = [
  null,
  [],
  {},
  '',
  'x'.repeat(70_000),
  DEEP,
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
  { constructor: { prototype: { polluted: true } } },
  'v1.AAAAAAAA.' + 'A'.repeat(64),
  'v1..',
  1e308,
  -0,
  2 ** 53 + 1,
  'toString',
  { action: 'accept', content: { ok: 'true' } },
  { action: 'accept', content: { ok: true, extra: 1 } },
  { action: 'decline' },
  { action: 'cancel', content: { ok: true } },
];

const anyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_VALUES) },
);

type Path = Array<string | number>;

function pathsOf(value: Json, prefix: Path = [], into: Path[] = []): Path[] {
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], into));
  else if (value !== null && typeof value === 'object')
    for (const key of Object.keys(value)) pathsOf(value[key]!, [...prefix, key], into);
  return into;
}

type Edit = { kind: 'replace' | 'delete' | 'add'; at: number; value: Json; key: string };

/** One change somewhere in a JSON document: a value replaced, a member removed, or one added. */
export const structureEdit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('replace', 'delete', 'add'),
  at: fc.nat(),
  value: anyValue,
  key: fc.oneof(fc.constantFrom('__proto__', 'requestState', 'inputResponses', 'id', 'confirm'), fc.string()),
});

export function applyEdit(document: object, edit: Edit): Json {
  const copy = JSON.parse(JSON.stringify(document)) as Json;
  const paths = pathsOf(copy);
  const path = paths[edit.at % paths.length]!;
  if (path.length === 0) return edit.kind === 'replace' ? edit.value : copy;
  const parent = path.slice(0, -1).reduce<Json>((node, step) => (node as Record<string, Json>)[step]!, copy);
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, Json>;
  if (edit.kind === 'replace') container[last] = edit.value;
  else if (edit.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      Object.defineProperty(target, edit.key, {
        value: edit.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else container[last] = edit.value;
  }
  return copy;
}

type ByteEdit = { kind: 'truncate' | 'insert' | 'replace' | 'duplicate'; at: number; char: string };

/** One change to the text of a body: cut short, a character put in or changed, or a stretch repeated. */
export const textEdit: fc.Arbitrary<ByteEdit> = fc.record({
  kind: fc.constantFrom('truncate', 'insert', 'replace', 'duplicate'),
  at: fc.nat(),
  char: fc.oneof(
    fc.constantFrom('"', '\\', '{', '}', ',', ':', '\u0000', '\ud800', '0', 'A', '-', '.'),
    fc.string({ maxLength: 1 }),
  ),
});

export function applyTextEdit(text: string, edit: ByteEdit): string {
  const at = edit.at % (text.length + 1);
  if (edit.kind === 'truncate') return text.slice(0, at);
  if (edit.kind === 'insert') return text.slice(0, at) + edit.char + text.slice(at);
  if (edit.kind === 'replace') return text.slice(0, at) + edit.char + text.slice(at + 1);
  return text.slice(0, at) + text.slice(Math.max(0, at - 16), at) + text.slice(at);
}

/** The base64url characters of a requestState flipped, cut or swapped one at a time. */
export function tamperToken(token: string, at: number, char: string): string {
  const index = at % token.length;
  const replacement = char === token[index] ? (char === 'A' ? 'B' : 'A') : char;
  return token.slice(0, index) + replacement + token.slice(index + 1);
}
