import { describe, expect, it } from '@jest/globals';
import { acceptsEventStream } from './streaming-modern-call.js';

describe('acceptsEventStream', () => {
  it('answers for each value, also when values alternate or repeat', () => {
    const cases: Array<[string | null | undefined, boolean]> = [
      ['application/json, text/event-stream', true],
      ['application/json, text/event-stream', true],
      ['application/json', false],
      ['application/json', false],
      [undefined, false],
      ['text/event-stream', true],
      [null, false],
      ['text/event-stream;q=0.9, application/json', true],
      ['', false],
      ['application/json, text/event-stream', true],
    ];
    for (const [accept, expected] of cases)
      expect([accept, acceptsEventStream(accept)]).toStrictEqual([accept, expected]);
  });
});
