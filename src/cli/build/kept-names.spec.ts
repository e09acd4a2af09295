import { ESBUILD_NAME_HELPER, LEAN_NAME_HELPER, keepNamesLean, unwrapNamedBindings } from './kept-names.js';

// Snippets printed the way esbuild prints a bundle with `keepNames`.
const PRELUDE = `var __defProp = Object.defineProperty;\n${ESBUILD_NAME_HELPER}\n`;

interface Probe {
  names: string[];
  frame: string;
  defines: number;
}

/** Runs a bundle-shaped snippet that returns functions; their names, the first stack frame of `fail`, and how often `name` was defined. */
function run(source: string): Probe {
  const counted = source.replace(
    'var __defProp = Object.defineProperty;',
    'var __defines = 0; var __defProp = (t, k, d) => (__defines++, Object.defineProperty(t, k, d));',
  );
  const body = `${counted}\nconst made = make(); made.push(__defines); return made;`;
  const made = new Function(body)() as [Array<() => unknown>, () => unknown, number];
  const [functions, fail, defines] = made;
  let frame = '';
  try {
    fail();
  } catch (error) {
    frame = (error as Error).stack!.split('\n')[1]!.trim().split(' ')[1]!;
  }
  return { names: functions.map((fn) => fn.name), frame, defines };
}

const BINDINGS = `${PRELUDE}function make() {
  const step = /* @__PURE__ */ __name((index) => index + 1, "step");
  const finish2 = /* @__PURE__ */ __name((failure) => {
    return failure;
  }, "finish");
  let later = /* @__PURE__ */ __name(async () => {
    return 1;
  }, "later");
  const settle2 = /* @__PURE__ */ __name((value) => ({
    value
  }), "settle");
  const fail = /* @__PURE__ */ __name(() => {
    throw new Error("stop");
  }, "fail");
  return [[step, finish2, later, settle2, fail], fail];
}
`;

describe('keepNamesLean', () => {
  it('names every bound function as esbuild did, for name and stack frames, without defining name at run time', () => {
    const wrapped = run(BINDINGS);
    const lean = keepNamesLean(BINDINGS);
    expect(lean.leanHelper).toBe(true);
    expect(lean.unwrapped).toBe(5);
    expect(lean.source).not.toMatch(/const \w+ = \/\* @__PURE__ \*\/ __name/);
    const unwrapped = run(lean.source);
    expect(wrapped.names).toEqual(['step', 'finish', 'later', 'settle', 'fail']);
    expect(unwrapped.names).toEqual(wrapped.names);
    expect(unwrapped.frame).toBe('fail');
    expect(wrapped.defines).toBe(5);
    expect(unwrapped.defines).toBe(0);
  });

  it('keeps the names of renamed classes and functions, and skips the ones already named', () => {
    const source = `${PRELUDE}function make() {
  var Thing2 = class {
    static {
      __name(this, "Thing");
    }
  };
  var Other = class {
    static {
      __name(this, "Other");
    }
  };
  function helper2() {}
  __name(helper2, "helper");
  function same() {}
  __name(same, "same");
  const property = { error: /* @__PURE__ */ __name(() => 1, "error") };
  const fail = /* @__PURE__ */ __name(function() {
    throw new Error("stop");
  }, "fail");
  return [[Thing2, Other, helper2, same, fail], property.error];
}
`;
    const wrapped = run(source);
    const lean = run(keepNamesLean(source).source);
    expect(wrapped.names).toEqual(['Thing', 'Other', 'helper', 'same', 'fail']);
    expect(lean.names).toEqual(wrapped.names);
    // Renamed: Thing2 and helper2. The property's arrow keeps no name rather than pay for one per creation.
    expect(lean.defines).toBe(2);
    expect(wrapped.defines).toBe(6);
  });

  it('leaves alone what a binding would name differently or what does not close where expected', () => {
    const source = [
      'function make() {',
      '  const named = /* @__PURE__ */ __name(function inner() {}, "named");',
      '  const text = /* @__PURE__ */ __name(() => {',
      '    return `a',
      '  }, "text");`;',
      '  }, "text");',
      '  const value = /* @__PURE__ */ __name(compute(), "value");',
      '}',
    ].join('\n');
    expect(unwrapNamedBindings(source)).toEqual({ source, unwrapped: 0 });
  });

  it('changes nothing but the helper when esbuild printed no wrapped bindings, and nothing at all without the helper', () => {
    const onlyHelper = keepNamesLean(PRELUDE);
    expect(onlyHelper.source).toBe(PRELUDE.replace(ESBUILD_NAME_HELPER, LEAN_NAME_HELPER));
    const other = 'var __name = (t, v) => t;\nconst x = 1;\n';
    expect(keepNamesLean(other)).toEqual({ source: other, leanHelper: false, unwrapped: 0 });
  });
});
