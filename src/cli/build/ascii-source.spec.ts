import { asciiOnly } from './ascii-source.js';

// Runs a snippet before and after escaping: the escaped text is ASCII and computes the same values.
function both(snippet: string): { plain: unknown; escaped: unknown; text: string } {
  const text = asciiOnly(snippet);
  const run = (code: string): unknown => new Function(`return (${code});`)();
  return { plain: run(snippet), escaped: run(text), text };
}

describe('asciiOnly', () => {
  it('leaves ASCII text as it is', () => {
    const source = "const a = /^[A-Z]+$/i.test('abc'); // plain\n";
    expect(asciiOnly(source)).toBe(source);
  });

  it.each([
    ["'Çé'", 'a string'],
    ['`Ğ${1}ı`', 'a template'],
    ["[/^[A-ZÇƏĞ]+$/i.test('çəğ'), /^[A-ZÇƏĞ]+$/i.test('xq1')]", 'a character class, case-insensitive'],
    ["[/^[ぁ-ん]+$/.test('ひらがな'), /^[ぁ-ん]+$/.test('カ')]", 'a range'],
    ["[/^😀+$/u.test('😀😀'), /^.$/u.test('😀'), '😀'.length]", 'an astral character under the u flag'],
    ["/^\\é$/.test('é')", 'an identity escape'],
    ["'\\\\é'", 'an escaped backslash before the character'],
    ['(() => { const café = 2; return café * 3; })()', 'an identifier'],
  ])('escapes %s (%s) to ASCII with the same meaning', (snippet) => {
    const { plain, escaped, text } = both(snippet);
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(text).not.toBe(snippet);
    expect(escaped).toStrictEqual(plain);
  });
});
