import { parseHeaders, parseToolArguments } from './cli-option.reader.js';

describe('parseToolArguments', () => {
  it('parses a JSON object and defaults to none', () => {
    expect(parseToolArguments('{"city":"Paris","nights":2}')).toStrictEqual({ city: 'Paris', nights: 2 });
    expect(parseToolArguments(undefined)).toStrictEqual({});
  });

  it.each([
    ['{city}', /^--args is not valid JSON: /],
    ['[1]', /^--args must be a JSON object/],
    ['null', /^--args must be a JSON object/],
  ])('rejects %p', (text, message) => {
    expect(() => parseToolArguments(text)).toThrow(message);
  });
});

describe('parseHeaders', () => {
  it('splits on the first colon and trims', () => {
    expect(parseHeaders(['Authorization: Bearer a:b', 'X-Trace:1'])).toStrictEqual({
      Authorization: 'Bearer a:b',
      'X-Trace': '1',
    });
  });

  it('rejects an entry without a name', () => {
    expect(() => parseHeaders(['no colon'])).toThrow('--header must look like "Name: value", got "no colon"');
    expect(() => parseHeaders([': x'])).toThrow('--header must look like');
  });
});
