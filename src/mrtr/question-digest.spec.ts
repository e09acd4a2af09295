import { digestOf } from './digest.js';
import { questionDigest } from './question-digest.js';

describe('questionDigest', () => {
  const schema = Object.freeze({
    type: 'object',
    properties: Object.freeze({ name: Object.freeze({ type: 'string' }) }),
  });

  it('changes when the message or the schema changes', () => {
    const base = questionDigest({ mode: 'form', message: 'Name?', requestedSchema: schema });
    expect(questionDigest({ mode: 'form', message: 'Name?', requestedSchema: schema })).toBe(base);
    expect(questionDigest({ mode: 'form', message: 'Your name?', requestedSchema: schema })).not.toBe(base);
    const other = Object.freeze({
      type: 'object',
      properties: Object.freeze({ nick: Object.freeze({ type: 'string' }) }),
    });
    expect(questionDigest({ mode: 'form', message: 'Name?', requestedSchema: other })).not.toBe(base);
  });

  it('digests questions without a shared schema as they are', () => {
    const url = { mode: 'url', url: 'https://example.com', message: 'Go' };
    expect(questionDigest(url)).toBe(digestOf(url));
  });
});
