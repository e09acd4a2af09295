import { describe, expect, it } from '@jest/globals';
import { HeaderMismatchError } from '../../errors/header-mismatch.error.js';
import { checkModernHeaders, decodeHeaderValue } from './header.check.js';
import type { ModernHeaders } from './modern-request.js';

const VERSION = '2026-07-28';
const call = { id: 1, method: 'tools/call', params: { name: 'größe' } };

function headers(overrides: Partial<ModernHeaders>): ModernHeaders {
  return { protocolVersion: VERSION, method: 'tools/call', name: 'größe', params: {}, ...overrides };
}

const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

describe('decodeHeaderValue', () => {
  it('returns a plain value as it is', () => {
    expect(decodeHeaderValue('echo')).toBe('echo');
  });

  it('trims whitespace around a value, as String.prototype.trim does', () => {
    expect(decodeHeaderValue(' echo\t')).toBe('echo');
    expect(decodeHeaderValue('echo\u00a0')).toBe('echo');
    expect(decodeHeaderValue('')).toBe('');
  });

  it('decodes the Base64 sentinel, in any case and with whitespace around it', () => {
    expect(decodeHeaderValue(base64('größe'))).toBe('größe');
    expect(decodeHeaderValue(` ${base64('größe').replace('base64', 'BASE64')} `)).toBe('größe');
  });

  it('refuses a sentinel whose body is not Base64', () => {
    expect(decodeHeaderValue('=?base64?not base64!?=')).toBeUndefined();
  });
});

describe('checkModernHeaders', () => {
  it('accepts headers equal to the body, plain or padded', () => {
    expect(() => checkModernHeaders(headers({ name: base64('größe') }), call, VERSION)).not.toThrow();
    expect(() =>
      checkModernHeaders(
        headers({ protocolVersion: ` ${VERSION} `, method: 'tools/call\t', name: ` ${base64('größe')}` }),
        call,
        VERSION,
      ),
    ).not.toThrow();
  });

  it('refuses a header that disagrees with the body or is missing', () => {
    const refusals: Array<[Partial<ModernHeaders>, string]> = [
      [{ protocolVersion: '2025-11-25' }, 'MCP-Protocol-Version header does not match'],
      [{ protocolVersion: undefined }, 'MCP-Protocol-Version header is required'],
      [{ method: 'prompts/get' }, 'Mcp-Method header does not match'],
      [{ name: 'grosse' }, 'Mcp-Name header does not match params.name'],
      [{ name: '=?base64?!!?=' }, 'Mcp-Name header does not match params.name'],
      [{ name: undefined }, 'Mcp-Name header is required'],
    ];
    for (const [override, reason] of refusals) {
      expect(() => checkModernHeaders(headers(override), call, VERSION)).toThrow(HeaderMismatchError);
      expect(() => checkModernHeaders(headers(override), call, VERSION)).toThrow(reason);
    }
  });

  it('does not take a sentinel-looking name as the name itself', () => {
    const literal = { ...call, params: { name: base64('x') } };
    expect(() => checkModernHeaders(headers({ name: base64('x') }), literal, VERSION)).toThrow(
      'Mcp-Name header does not match',
    );
  });
});
