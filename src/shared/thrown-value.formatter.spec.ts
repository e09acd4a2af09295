import { formatThrownValue } from './thrown-value.formatter.js';

describe('formatThrownValue', () => {
  it('writes strings quoted, with control characters escaped, and primitives as themselves', () => {
    expect(formatThrownValue('a string')).toBe('"a string"');
    expect(formatThrownValue('two\nlines')).toBe('"two\\nlines"');
    expect(formatThrownValue(42)).toBe('42');
    expect(formatThrownValue(undefined)).toBe('undefined');
    expect(formatThrownValue(null)).toBe('null');
    expect(formatThrownValue(7n)).toBe('7n');
    expect(formatThrownValue(Symbol('s'))).toBe('Symbol(s)');
    expect(formatThrownValue(function named() {})).toBe('[function named]');
  });

  it('writes objects as JSON, or their tag when JSON fails, and never throws', () => {
    expect(formatThrownValue({ code: 'E1' })).toBe('{"code":"E1"}');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(formatThrownValue(loop)).toBe('[object Object]');
    expect(formatThrownValue({ toJSON: () => undefined })).toBe('[object Object]');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(formatThrownValue(proxy)).toBe('(a value that cannot be printed)');
  });

  it('cuts long values to 200 characters and says how long they were', () => {
    expect(formatThrownValue('x'.repeat(1_000))).toBe(`"${'x'.repeat(199)}… (1002 characters)`);
  });
});
