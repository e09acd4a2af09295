import { describe, expect, it } from '@jest/globals';
import { isLegacyHttpRequest as detect } from './era-detector.js';

interface RequestView {
  method: string;
  headers: Record<string, string>;
}

function request(method: string, headers: Record<string, string> = {}): RequestView {
  return { method, headers };
}

/** Node passes `headers[name]` (undefined when absent), a web request `headers.get(name)` (null). */
function isLegacyHttpRequest(view: RequestView, body: unknown): boolean {
  const node = detect(
    view.method,
    view.headers['mcp-session-id'],
    view.headers['mcp-protocol-version'],
    body,
  );
  const web = detect(
    view.method,
    view.headers['mcp-session-id'] ?? null,
    view.headers['mcp-protocol-version'] ?? null,
    body,
  );
  expect(web).toBe(node);
  return node;
}

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe('isLegacyHttpRequest', () => {
  it('sends sessions, a plain initialize and 2025-era headers to the legacy leg', () => {
    expect(isLegacyHttpRequest(request('GET', { 'mcp-session-id': 'abc' }), undefined)).toBe(true);
    expect(
      isLegacyHttpRequest(request('POST'), { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    ).toBe(true);
    expect(
      isLegacyHttpRequest(
        request('POST', { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'initialize' }),
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {},
        },
      ),
    ).toBe(true);
    expect(
      isLegacyHttpRequest(request('POST', { 'mcp-protocol-version': '2025-06-18' }), {
        method: 'tools/list',
      }),
    ).toBe(true);
  });

  it('sends any request that names a modern version to the modern leg, initialize included', () => {
    const initialize = { jsonrpc: '2.0', id: 500, method: 'initialize', params: { _meta: modernMeta } };
    expect(isLegacyHttpRequest(request('POST', { 'mcp-protocol-version': '2026-07-28' }), initialize)).toBe(
      false,
    );
    expect(isLegacyHttpRequest(request('POST'), initialize)).toBe(false);
    expect(
      isLegacyHttpRequest(request('POST', { 'mcp-protocol-version': '2026-07-28' }), {
        method: 'initialize',
      }),
    ).toBe(false);
    expect(isLegacyHttpRequest(request('POST'), { method: 'tools/list', params: {} })).toBe(false);
    expect(isLegacyHttpRequest(request('DELETE'), undefined)).toBe(false);
  });
});
