import { findClosingBracket, maskCode, splitTopLevel } from './code-mask.scanner.js';

describe('maskCode', () => {
  it('blanks comments and string contents but keeps offsets and quotes', () => {
    const source = "const a = '{x}'; // tools: [\n/* } */ const b = `t ${'}'} u`;";
    const masked = maskCode(source);
    expect(masked).toHaveLength(source.length);
    expect(masked).toBe("const a = '   ';            \n        const b = `          `;");
  });

  it('keeps escaped quotes inside the string', () => {
    expect(maskCode("'it\\'s' + x")).toBe("'     ' + x");
  });
});

describe('findClosingBracket', () => {
  it('matches nested brackets of every kind', () => {
    const code = '{ a: [1, (2)], b: { c: 3 } } tail';
    expect(findClosingBracket(code, 0)).toBe(code.indexOf(' tail') - 1);
    expect(findClosingBracket('{ ]', 0)).toBe(-1);
    expect(findClosingBracket('{ ', 0)).toBe(-1);
  });
});

describe('splitTopLevel', () => {
  it('splits on commas outside brackets and trims items', () => {
    const code = '[ A, f(B, C), { d: 1, e: 2 } , ]';
    const items = splitTopLevel(code, 1, code.length - 1).map(({ start, end }) => code.slice(start, end));
    expect(items).toStrictEqual(['A', 'f(B, C)', '{ d: 1, e: 2 }']);
  });
});
