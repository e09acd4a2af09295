import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { APP_ANSWER } from '../../mrtr/app-answer.js';
import { answeredCallParams } from './answer-tool.handler.js';

const continuation = { tool: 'place_order', arguments: { item: 'widget' }, requestState: 'sealed' };

describe('answeredCallParams', () => {
  it('is the original call with its sealed state and the answer under a symbol', () => {
    const params = answeredCallParams({
      name: 'elicitor_answer',
      arguments: { continuation, action: 'accept', content: { confirm: true } },
      _meta: { progressToken: 7 },
    });
    expect({ ...params }).toStrictEqual({
      name: 'place_order',
      arguments: { item: 'widget' },
      requestState: 'sealed',
      _meta: { progressToken: 7 },
      [APP_ANSWER]: { action: 'accept', content: { confirm: true } },
    });
    // No JSON a client sends can carry the answer: it lives under a symbol.
    expect(JSON.parse(JSON.stringify(params))).not.toHaveProperty('content');
    expect((params as Record<symbol, unknown>)[APP_ANSWER]).toStrictEqual({
      action: 'accept',
      content: { confirm: true },
    });
  });

  it('drops content from a decline', () => {
    const params = answeredCallParams({
      arguments: { continuation, action: 'decline', content: { confirm: true } },
    });
    expect((params as Record<symbol, unknown>)[APP_ANSWER]).toStrictEqual({ action: 'decline' });
  });

  it.each([
    ['no arguments', undefined, 'arguments must be an object'],
    ['no continuation', { action: 'accept' }, 'continuation must be'],
    [
      'itself as the tool',
      { continuation: { ...continuation, tool: 'elicitor_answer' }, action: 'accept' },
      'continuation.tool',
    ],
    [
      'arguments not an object',
      { continuation: { ...continuation, arguments: [] }, action: 'accept' },
      'continuation.arguments',
    ],
    [
      'no requestState',
      { continuation: { ...continuation, requestState: '' }, action: 'accept' },
      'continuation.requestState',
    ],
    ['an unknown action', { continuation, action: 'maybe' }, 'action must be'],
    ['content not an object', { continuation, action: 'accept', content: 'x' }, 'content must be'],
  ])('refuses %s with -32602', (_, args, reason) => {
    const call = () => answeredCallParams({ arguments: args });
    expect(call).toThrow(InvalidParamsError);
    expect(call).toThrow(reason);
  });
});
