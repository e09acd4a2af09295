import { describeUrlTarget } from './url-target.formatter.js';

describe('describeUrlTarget', () => {
  it('gives the domain of a plain https URL', () => {
    expect(describeUrlTarget('https://pay.example.com/checkout?id=1')).toStrictEqual({
      href: 'https://pay.example.com/checkout?id=1',
      domain: 'pay.example.com',
      warnings: [],
    });
  });

  it('keeps a non-default port in the domain and allows http on loopback', () => {
    expect(describeUrlTarget('http://localhost:3000/auth')).toStrictEqual({
      href: 'http://localhost:3000/auth',
      domain: 'localhost:3000',
      warnings: [],
    });
  });

  it('warns about http, credentials, punycode and odd schemes', () => {
    expect(describeUrlTarget('http://bank.example@evil.example/').warnings).toStrictEqual([
      'not HTTPS: the page is not encrypted',
      'the URL carries a user name before the domain',
    ]);
    expect(describeUrlTarget('https://xn--pple-43d.com/').warnings).toStrictEqual([
      'the domain is internationalised; it reads as аpple.com',
    ]);
    expect(describeUrlTarget('javascript:alert(1)').warnings).toStrictEqual([
      'uses javascript: instead of https:',
    ]);
  });

  it('flags a URL it cannot parse', () => {
    expect(describeUrlTarget('not a url')).toStrictEqual({
      href: 'not a url',
      warnings: ['this is not a valid URL'],
    });
  });
});
