import type { SeededRandom } from './seeded-random.js';

/** Junk of every JSON type, including the awkward ones (lone surrogates, -0, huge numbers). */
const JUNK_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0,
  3.5,
  '',
  'x',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  '😀'.repeat(50),
  '%E0%A4%A',
  '../../etc/passwd',
  '__proto__',
  [],
  [1, 'two', null],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  { constructor: { prototype: { polluted: true } } },
];

export function junkValue(random: SeededRandom): unknown {
  if (random.chance(0.1)) return 'A'.repeat(random.int(1_000, 50_000));
  if (random.chance(0.1)) return random.int(-2_147_483_648, 2_147_483_647);
  return random.pick(JUNK_VALUES);
}

/** Arrays or objects nested `depth` levels deep, built iteratively (the server must not recurse into a crash). */
export function deeplyNested(depth: number, random: SeededRandom): unknown {
  const asArray = random.chance(0.5);
  let value: unknown = random.pick(['leaf', 1, null, {}]);
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { k: value };
  return value;
}

/** Text that is not valid JSON, or not what it claims to be. */
export function malformedJson(valid: string, random: SeededRandom): string {
  switch (random.int(0, 9)) {
    case 0:
      return valid.slice(0, random.int(0, Math.max(0, valid.length - 1)));
    case 1:
      return `${valid}${random.pick(['}', ']', ',', 'garbage', '\u0000', ' {}'])}`;
    case 2:
      return random.pick([
        '',
        ' ',
        '{',
        '[',
        '[1,',
        'nul',
        'tru',
        '"unterminated',
        '{"a":}',
        '{,}',
        "{'a':1}",
      ]);
    case 3:
      return randomBytesAsText(random, random.int(1, 400));
    case 4:
      return `\ufeff${valid}`;
    case 5:
      return valid.replace(/"/g, random.pick(["'", '', '\\"']));
    case 6:
      return valid.replace(/:/, '::');
    case 7:
      return `${'['.repeat(random.int(1_000, 20_000))}`;
    case 8:
      return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${'{"a":'.repeat(random.int(1_000, 5_000))}1`;
    default:
      return valid.replace(/[a-z]/g, (letter) => (random.chance(0.05) ? '\\x' : letter));
  }
}

function randomBytesAsText(random: SeededRandom, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += String.fromCharCode(random.int(0, 0xffff));
  return text;
}

/** A copy of a sealed state with one character changed, cut short, or replaced by noise. */
export function tamperedState(state: string, random: SeededRandom): unknown {
  switch (random.int(0, 6)) {
    case 0: {
      const at = random.int(0, state.length - 1);
      const replacement = state[at] === 'A' ? 'B' : 'A';
      return `${state.slice(0, at)}${replacement}${state.slice(at + 1)}`;
    }
    case 1:
      return state.slice(0, random.int(0, state.length - 1));
    case 2:
      return `${state}${state}`;
    case 3:
      return 'v1.' + 'A'.repeat(random.int(10, 100_000));
    case 4:
      return junkValue(random);
    case 5:
      return state.split('').reverse().join('');
    default:
      return `${state}-TAMPERED`;
  }
}

/**
 * JSON texts that parse but are no request object: every top-level JSON type, batches (gone from MCP),
 * and objects missing `jsonrpc` or a string `method`. Each must get a -32600 reply with a null id.
 */
export function notARequest(request: Record<string, unknown>, random: SeededRandom): string {
  return random.pick([
    'null',
    'true',
    'false',
    '0',
    '-1.5',
    '1e999',
    '""',
    '"tools/call"',
    '[]',
    '[null]',
    `[${JSON.stringify(request)}]`,
    '{}',
    '{"jsonrpc":"2.0"}',
    '{"jsonrpc":"2.0","method":7}',
    `{"method":${JSON.stringify(request.method)}}`,
    `{"jsonrpc":"1.0","method":${JSON.stringify(request.method)}}`,
  ]);
}

/** The kinds `notARequest` picks from, as first lines: one connection each, so the era-picking line is hostile too. */
export const NOT_A_REQUEST_FIRST_LINES: readonly string[] = [
  'null',
  'true',
  '0',
  '"initialize"',
  '[]',
  '[{"jsonrpc":"2.0","id":"b","method":"initialize","params":{}}]',
  '{}',
  '{"jsonrpc":"2.0","id":"r","result":{}}',
  '{"method":"initialize"}',
];
