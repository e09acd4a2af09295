import { internFormSchema } from '../schema/interned-form-schema.js';
import { digestOf } from './digest.js';
import { questionDigest } from './question-digest.js';

describe('questionDigest', () => {
  const schema = internFormSchema({ type: 'object', properties: { name: { type: 'string' } } });

  it('changes when the message or the schema changes', () => {
    const base = questionDigest({ mode: 'form', message: 'Name?', requestedSchema: schema });
    expect(questionDigest({ mode: 'form', message: 'Name?', requestedSchema: schema })).toBe(base);
    expect(questionDigest({ mode: 'form', message: 'Your name?', requestedSchema: schema })).not.toBe(base);
    const other = internFormSchema({ type: 'object', properties: { nick: { type: 'string' } } });
    expect(questionDigest({ mode: 'form', message: 'Name?', requestedSchema: other })).not.toBe(base);
  });

  it('digests questions without a shared schema as they are', () => {
    const url = { mode: 'url', url: 'https://example.com', message: 'Go' };
    expect(questionDigest(url)).toBe(digestOf(url));
  });

  it('takes a frozen schema nobody interned as it is', () => {
    const frozen = Object.freeze({ type: 'object', properties: Object.freeze({}) });
    const question = { mode: 'form', message: 'Name?', requestedSchema: frozen };
    expect(questionDigest(question)).toBe(digestOf(question));
  });

  it('pins an interned schema by its own digest', () => {
    const shared = internFormSchema({ type: 'object', properties: {} });
    const question = { mode: 'form', message: 'Name?', requestedSchema: shared };
    expect(questionDigest(question)).toBe(
      digestOf({ mode: 'form', message: 'Name?', requestedSchema: digestOf(shared) }),
    );
  });
});

describe('questionDigest, remembered form questions', () => {
  const schema = internFormSchema({ type: 'object', properties: {} });

  it('gives a repeated plain form question the digest of its first computation', () => {
    const ask = (message: string) => questionDigest({ mode: 'form', message, requestedSchema: schema });
    const first = ask('Pick one');
    expect(ask('Pick one')).toBe(first);
    expect(ask('Pick two')).not.toBe(first);
    for (let index = 0; index < 600; index++) ask(`Question ${index}`);
    expect(ask('Pick one')).toBe(first);
  });

  it('tells a form question with extra fields from the plain one', () => {
    const plain = questionDigest({ mode: 'form', message: 'Hi', requestedSchema: schema });
    const extra = questionDigest({ mode: 'form', message: 'Hi', requestedSchema: schema, hint: 'x' });
    expect(extra).not.toBe(plain);
  });
});
