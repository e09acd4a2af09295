import { negotiatedCapabilities } from './negotiated-capabilities.js';

describe('negotiatedCapabilities', () => {
  it('drops URL mode on 2025-06-18, which had forms only, keeping the rest', () => {
    expect(
      negotiatedCapabilities({ elicitation: { form: {}, url: {} }, sampling: {} }, '2025-06-18'),
    ).toStrictEqual({ elicitation: { form: {} }, sampling: {} });
    expect(negotiatedCapabilities({ elicitation: { url: {} } }, '2025-06-18')).toStrictEqual({
      elicitation: {},
    });
  });

  it('keeps what a 2025-11-25 client declared, and what declared no elicitation', () => {
    const declared = { elicitation: { form: {}, url: {} } };
    expect(negotiatedCapabilities(declared, '2025-11-25')).toBe(declared);
    expect(negotiatedCapabilities({ sampling: {} }, '2025-06-18')).toStrictEqual({ sampling: {} });
    expect(negotiatedCapabilities(undefined, '2025-06-18')).toBeUndefined();
  });
});
