/** The `_meta` a raw 2026-07-28 request carries, naming `client` as the client. */
export function modernMetaFor(client: string): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: client, version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}
