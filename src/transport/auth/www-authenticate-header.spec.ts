import { bearerChallenge } from './www-authenticate-header.js';

describe('bearerChallenge', () => {
  it('lists the parameters in a fixed order', () => {
    expect(
      bearerChallenge({
        resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource/mcp',
        error: 'insufficient_scope',
        errorDescription: 'Needs more',
        scopes: ['repo:read', 'repo:write'],
      }),
    ).toBe(
      'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", error_description="Needs more", scope="repo:read repo:write"',
    );
  });

  it('is a bare scheme with nothing to say', () => {
    expect(bearerChallenge({})).toBe('Bearer');
  });

  it('escapes quotes and backslashes and drops what a header cannot carry', () => {
    expect(bearerChallenge({ errorDescription: 'a "b" \\ c\r\nSet-Cookie: x é' })).toBe(
      'Bearer error_description="a \\"b\\" \\\\ cSet-Cookie: x "',
    );
  });
});
