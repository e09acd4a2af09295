import { describe, expect, it } from '@jest/globals';
import { classifyLegacyMessage } from './legacy-message.check.js';

describe('classifyLegacyMessage', () => {
  it('sorts requests, notifications and responses', () => {
    expect(classifyLegacyMessage({ jsonrpc: '2.0', id: 1, method: 'ping' })).toStrictEqual({
      kind: 'request',
      message: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
    expect(classifyLegacyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toStrictEqual({
      kind: 'notification',
      method: 'notifications/initialized',
      params: undefined,
    });
    expect(classifyLegacyMessage({ jsonrpc: '2.0', id: 'a', result: {} }).kind).toBe('response');
    expect(classifyLegacyMessage({ jsonrpc: '2.0', id: 'a', error: { code: 1, message: 'x' } }).kind).toBe(
      'response',
    );
  });

  it.each([
    ['not an object', 'ping'],
    ['an array', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
    ['a wrong jsonrpc', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['an unknown top-level key', { jsonrpc: '2.0', id: 1, method: 'ping', extra: true }],
    ['an object id', { jsonrpc: '2.0', id: {}, method: 'ping' }],
    ['params that are not an object', { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] }],
    ['a response with both result and error', { jsonrpc: '2.0', id: 1, result: {}, error: {} }],
    ['a response with neither', { jsonrpc: '2.0', id: 1 }],
  ])('refuses %s', (_case, message) => {
    expect(classifyLegacyMessage(message)).toStrictEqual({ kind: 'invalid' });
  });
});
