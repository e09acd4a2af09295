import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, jest } from '@jest/globals';
import { rememberAccepted } from './accepted-header-cache.js';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const response = {} as ServerResponse;

describe('rememberAccepted', () => {
  it('runs the guard once per accepted value, and on every refused one', () => {
    const guard = jest.fn((request: IncomingMessage) => request.headers.host === 'localhost:3000');
    const check = rememberAccepted('host', guard);
    expect(check(requestWith({ host: 'localhost:3000' }), response)).toBe(true);
    expect(check(requestWith({ host: 'localhost:3000' }), response)).toBe(true);
    expect(guard).toHaveBeenCalledTimes(1);
    expect(check(requestWith({ host: 'evil.example' }), response)).toBe(false);
    expect(check(requestWith({ host: 'evil.example' }), response)).toBe(false);
    expect(guard).toHaveBeenCalledTimes(3);
  });

  it('remembers a missing header like any value, and keys on the one header it was given', () => {
    const guard = jest.fn((request: IncomingMessage) => request.headers.origin === undefined);
    const check = rememberAccepted('origin', guard);
    expect(check(requestWith({}), response)).toBe(true);
    expect(check(requestWith({ host: 'other' }), response)).toBe(true);
    expect(guard).toHaveBeenCalledTimes(1);
    expect(check(requestWith({ origin: 'http://evil.example' }), response)).toBe(false);
  });

  it('stops remembering past a bound, but keeps answering correctly', () => {
    const guard = jest.fn(() => true);
    const check = rememberAccepted('host', guard);
    for (let index = 0; index < 100; index++) check(requestWith({ host: `h${index}` }), response);
    guard.mockClear();
    check(requestWith({ host: 'h99' }), response);
    check(requestWith({ host: 'h0' }), response);
    expect(guard).toHaveBeenCalledTimes(1);
  });
});
