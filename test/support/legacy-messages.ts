/** The messages a 2025-11-25 client sends to open a session and list the tools (`tools/list` is id 2). */
export const LEGACY_OPEN_AND_LIST = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'spec', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
] as const;
