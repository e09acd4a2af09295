import { appAnsweredKey, appAskableQuestion, appQuestionResult } from './app-question.builder.js';
import type { PendingQuestion } from './replay-ledger.js';

const form = (message: string, app?: string): PendingQuestion => ({
  kind: 'elicit',
  digest: `d-${message}`,
  request: {
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
  },
  ...(app ? { app } : {}),
});

describe('appAskableQuestion', () => {
  it('picks the first of several form questions', () => {
    const pending = new Map([
      ['a', form('First?')],
      ['b', form('Second?')],
    ]);
    expect(appAskableQuestion(pending)?.[0]).toBe('a');
  });

  it.each([
    [
      'a URL question',
      { kind: 'elicit', request: { method: 'elicitation/create', params: { mode: 'url' } } },
    ],
    ['a sampling question', { kind: 'sample', request: { method: 'sampling/createMessage' } }],
    ['a roots question', { kind: 'roots', request: { method: 'roots/list' } }],
  ])('leaves the round to the capability error when it holds %s', (_, other) => {
    const pending = new Map([
      ['a', form('First?')],
      ['b', { digest: 'x', ...other } as PendingQuestion],
    ]);
    expect(appAskableQuestion(pending)).toBeUndefined();
  });
});

describe('appQuestionResult', () => {
  it('tells the model not to call again, and gives the app the question and its continuation', () => {
    const result = appQuestionResult(
      'meal',
      form('Pick a meal', 'ui://seats/picker'),
      { tool: 'pick_meal', arguments: { flight: 'EL42' } },
      'sealed',
    );
    expect(result).toStrictEqual({
      content: [
        {
          type: 'text',
          text: 'The user is being asked in the app: "Pick a meal". Do not call pick_meal again: the app puts the outcome into the conversation once the user answers.',
        },
      ],
      structuredContent: {
        elicitorQuestion: {
          key: 'meal',
          message: 'Pick a meal',
          requestedSchema: { type: 'object', properties: {} },
          app: 'ui://seats/picker',
          continuation: { tool: 'pick_meal', arguments: { flight: 'EL42' }, requestState: 'sealed' },
        },
      },
    });
  });
});

describe('appAnsweredKey', () => {
  it('is the first form question the previous round asked', () => {
    expect(
      appAnsweredKey({
        c: 'c',
        r: 1,
        q: {
          roots: ['roots', 'd1'],
          shipping: ['elicit', 'd2'],
          confirm: ['elicit', 'd3'],
        },
      }),
    ).toBe('shipping');
  });

  it('is undefined when the round asked no form', () => {
    expect(appAnsweredKey({ c: 'c', r: 1 })).toBeUndefined();
    expect(appAnsweredKey({ c: 'c', r: 1, q: { s: ['sample', 'd'] } })).toBeUndefined();
  });
});
