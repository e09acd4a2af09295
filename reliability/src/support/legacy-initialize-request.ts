/** The request a 2025-11-25 client opens a session with, named `clientName` and declaring `capabilities`. */
export function legacyInitializeRequest<Id extends string | number>(
  id: Id,
  clientName: string,
  capabilities: Record<string, unknown> = {},
) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: clientName, version: '1.0.0' },
    },
  } as const;
}
