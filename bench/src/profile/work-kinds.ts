/**
 * Kinds of work a server does per operation, for `instructions.js --breakdown`: each symbol callgrind names
 * (a native function, a V8 builtin, or JIT code resolved through V8's perf map) goes to the first kind
 * whose rule matches it.
 */
interface WorkKind {
  readonly name: string;
  readonly matches: (symbol: string) => boolean;
}

const JIT_JS = /^JS:/;
const V8_BUILTIN = /^(Builtin:|BytecodeHandler:|Builtins_)/;

function js(symbol: string, path: RegExp): boolean {
  return JIT_JS.test(symbol) && path.test(symbol);
}

function builtin(symbol: string, name: RegExp): boolean {
  return V8_BUILTIN.test(symbol) && name.test(symbol);
}

function native(symbol: string, name: RegExp): boolean {
  return !JIT_JS.test(symbol) && !V8_BUILTIN.test(symbol) && name.test(symbol);
}

const EXACTLY_ONCE =
  /\/node_modules\/lru-cache\/|\/dist\/mrtr\/(stores\/|lease-|answer-pins|commit-journal|once-recorder)/;

export const WORK_KINDS: readonly WorkKind[] = [
  { name: 'Elicitor: exactly-once (store, leases, pins)', matches: (s) => js(s, EXACTLY_ONCE) },
  { name: 'Elicitor: re-run model (state, ledger, digests)', matches: (s) => js(s, /\/dist\/mrtr\//) },
  { name: 'the tools, or the bare server', matches: (s) => js(s, /\/bench\/dist\//) },
  {
    name: 'Elicitor (and its libraries): transport, dispatch, pipeline',
    matches: (s) => js(s, /\/dist\/|\/node_modules\//),
  },
  { name: 'Node.js JavaScript (http, streams, crypto API)', matches: (s) => js(s, /node:/) },
  {
    name: 'V8: promises and async functions',
    matches: (s) => builtin(s, /Promise|Microtask|Async|Await|Generator/),
  },
  { name: 'V8: JSON', matches: (s) => /Json/.test(s) },
  { name: 'V8: property access, calls, collections', matches: (s) => V8_BUILTIN.test(s) },
  {
    name: 'V8: garbage collection',
    matches: (s) =>
      native(
        s,
        /Scaveng|Mark|Sweep|Heap::|Evacuat|Compactor|Remembered|Slot|BodyDescriptor|Visitor|PagedSpace|NewSpace|Ephemeron|Collector/,
      ),
  },
  {
    name: 'V8: compilers and parser',
    matches: (s) => native(s, /compiler::|maglev|Parser|Scanner|Compile|Bytecode/),
  },
  {
    name: 'crypto (OpenSSL)',
    matches: (s) => native(s, /EVP_|aes|gcm|AES|CRYPTO_|ossl_|OPENSSL|crypto::|libcrypto|sha256/i),
  },
  {
    name: 'HTTP parser and sockets (Node native, libuv)',
    matches: (s) => native(s, /llhttp|node::.*Parser|uv_|uv__|writev|epoll|Stream/),
  },
  {
    name: 'libc: malloc and memcpy',
    matches: (s) => native(s, /malloc|free|memmove|memcpy|memset|_int_|unlink_chunk/),
  },
  {
    name: 'V8: strings, hashing, allocation',
    matches: (s) => native(s, /String|Factory|Utf8|simdutf|Hash|Intern/),
  },
  { name: 'other V8 and Node native code', matches: () => true },
];

/** The kind of work `symbol` is. */
export function workKindOf(symbol: string): string {
  return WORK_KINDS.find((kind) => kind.matches(symbol))!.name;
}
