import { describe, expect, it } from '@jest/globals';
import { isSealedResult, markSealedResult, rememberResultJson, takeRecordedJson } from './sealed-results.js';

describe('marks on results', () => {
  it('marks a sealed result without changing its text, and no copy of it', () => {
    const result = markSealedResult({
      resultType: 'input_required',
      inputRequests: {},
      requestState: 'v1.k.x',
    });
    expect(isSealedResult(result)).toBe(true);
    expect(JSON.stringify(result)).toBe(
      '{"resultType":"input_required","inputRequests":{},"requestState":"v1.k.x"}',
    );
    expect(Object.keys(result)).toStrictEqual(['resultType', 'inputRequests', 'requestState']);
    expect(isSealedResult({ ...result })).toBe(false);
    expect(isSealedResult(Object.assign({}, result))).toBe(false);
    expect(isSealedResult(structuredClone(result))).toBe(false);
  });

  it('hands a recorded text out once, and not to a copy', () => {
    const result = { content: [{ type: 'text', text: 'done' }] };
    rememberResultJson(result, JSON.stringify(result));
    expect(takeRecordedJson({ ...result })).toBeUndefined();
    expect(JSON.stringify(result)).toBe('{"content":[{"type":"text","text":"done"}]}');
    expect(takeRecordedJson(result)).toBe('{"content":[{"type":"text","text":"done"}]}');
    expect(takeRecordedJson(result)).toBeUndefined();
    expect(Object.getOwnPropertySymbols(result)).toStrictEqual([]);
  });

  it('leaves a frozen result or a refusing proxy to be serialised again', () => {
    const frozen = Object.freeze({ content: [] });
    rememberResultJson(frozen, '{"content":[]}');
    expect(takeRecordedJson(frozen)).toBeUndefined();
    const refusing = new Proxy({}, { defineProperty: () => false });
    rememberResultJson(refusing, '{}');
    expect(takeRecordedJson(refusing)).toBeUndefined();
  });
});
