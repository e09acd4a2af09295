/**
 * esbuild's `keepNames` wraps every named function and class in `__name(fn, "name")`, which redefines
 * `name` with `Object.defineProperty`: about 300 ns for each function made. A request that makes a few
 * dozen closures paid that every time (a fifth more instructions per request than the tsc output).
 */
export const ESBUILD_NAME_HELPER =
  'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';

/**
 * Defines `name` only where it changes something: a class or function esbuild renamed, or an anonymous
 * function expression. A function already named so, or an arrow function (no `prototype`) that would only
 * gain a cosmetic name, is returned as it is.
 */
export const LEAN_NAME_HELPER =
  'var __name = (target, value) => target.name === value || (target.name === "" && target.prototype === undefined) ? target : __defProp(target, "name", { value, configurable: true });';

/** A binding esbuild wrapped: its indentation, keyword and name, and the line from the wrapped function on. */
const WRAPPED_BINDING =
  /^(\s*)((?:export )?(?:const|let|var) )([A-Za-z_$][\w$]*) = \/\* @__PURE__ \*\/ __name\((.*)$/;

/** Anonymous function expressions: a binding or property names them as the wrapper did. */
const ANONYMOUS_FUNCTION = /^(?:async )?(?:\(|[A-Za-z_$][\w$]* =>|function\*? ?\()/;

/** A wrapper that ends on the line it began: the function, and the name kept. */
const ONE_LINE_END = /^(.*), "([A-Za-z_$][\w$]*)"\);$/;

/** The line that ends a multi-line wrapper: its indentation, the brackets it closes, and the name kept. */
const CLOSING_LINE = /^(\s*)([\])}]+), "([A-Za-z_$][\w$]*)"\);$/;

/**
 * Where the function goes so it is named `kept` without the wrapper: a binding of the same name names it,
 * and a binding esbuild renamed takes it from a property of that name (an object the engine need not keep).
 */
function namedBy(binding: string, kept: string): { open: string; close: string } {
  return binding === kept ? { open: '', close: '' } : { open: `{ ${kept}: `, close: ` }.${kept}` };
}

export interface KeptNames {
  source: string;
  /** Whether esbuild's helper was found and made lean; false when esbuild printed it otherwise. */
  leanHelper: boolean;
  /** How many `const x = __name(() => ..., "x")` wrappers were dropped. */
  unwrapped: number;
}

/**
 * The bundle with its names kept at less cost: bindings whose function takes the binding's own name
 * anyway (`const step = __name((i) => ..., "step")`, as esbuild prints it) lose the wrapper, so the engine
 * names them as the tsc output does, for `name` and stack traces alike; the helper that names the rest
 * skips functions it would not change.
 */
export function keepNamesLean(bundle: string): KeptNames {
  const leanHelper = bundle.includes(ESBUILD_NAME_HELPER);
  const { source, unwrapped } = unwrapNamedBindings(bundle);
  return {
    source: leanHelper ? source.replace(ESBUILD_NAME_HELPER, LEAN_NAME_HELPER) : source,
    leanHelper,
    unwrapped,
  };
}

/** The line-by-line rewrite: a statement on one line, or one that closes at its own indentation. */
export function unwrapNamedBindings(bundle: string): { source: string; unwrapped: number } {
  const lines = bundle.split('\n');
  let unwrapped = 0;
  for (let index = 0; index < lines.length; index++) {
    const match = WRAPPED_BINDING.exec(lines[index]!);
    if (!match) continue;
    const [, indent, keyword, binding, rest] = match as unknown as [string, string, string, string, string];
    if (!ANONYMOUS_FUNCTION.test(rest)) continue;
    const oneLine = ONE_LINE_END.exec(rest);
    if (oneLine) {
      const { open, close } = namedBy(binding, oneLine[2]!);
      lines[index] = `${indent}${keyword}${binding} = ${open}${oneLine[1]}${close};`;
      unwrapped++;
      continue;
    }
    const end = closingIndex(lines, index, indent);
    const closing = end === undefined ? null : CLOSING_LINE.exec(lines[end]!);
    if (!closing || closing[1] !== indent) continue;
    const { open, close } = namedBy(binding, closing[3]!);
    lines[index] = `${indent}${keyword}${binding} = ${open}${rest}`;
    lines[end!] = `${indent}${closing[2]}${close};`;
    unwrapped++;
  }
  return { source: lines.join('\n'), unwrapped };
}

/** The next line at exactly `indent`: where esbuild closes a statement that began at that indentation. */
function closingIndex(lines: string[], start: number, indent: string): number | undefined {
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    if (!line.startsWith(indent)) return undefined;
    const next = line.charAt(indent.length);
    if (next !== ' ' && next !== '\t') return index;
  }
  return undefined;
}
