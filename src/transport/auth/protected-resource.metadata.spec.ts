import { metadataUrlOf, protectedResourcePaths, resourceUrlOf } from './protected-resource.metadata.js';

describe('protected-resource metadata locations', () => {
  it('serves the path-suffixed form and the bare one, or only the bare one at the root', () => {
    expect(protectedResourcePaths('/mcp')).toStrictEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourcePaths('/')).toStrictEqual(['/.well-known/oauth-protected-resource']);
  });

  it('puts the resource path after the well-known part (RFC 9728 §3.1)', () => {
    expect(metadataUrlOf(new URL('https://api.example/tools/mcp'))).toBe(
      'https://api.example/.well-known/oauth-protected-resource/tools/mcp',
    );
    expect(metadataUrlOf(new URL('https://api.example/'))).toBe(
      'https://api.example/.well-known/oauth-protected-resource',
    );
  });

  it('takes the configured resource over the origin the request reached', () => {
    const origin = 'http://127.0.0.1:3000';
    expect(resourceUrlOf({ authorizationServers: [] }, origin, '/mcp').href).toBe(
      'http://127.0.0.1:3000/mcp',
    );
    expect(
      resourceUrlOf({ authorizationServers: [], resource: 'https://mcp.example/mcp' }, origin, '/mcp').href,
    ).toBe('https://mcp.example/mcp');
  });
});
