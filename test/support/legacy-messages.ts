import { legacyInitializeRequest } from '../../reliability/src/support/legacy-initialize-request.js';

/** The messages a 2025-11-25 client sends to open a session and list the tools (`tools/list` is id 2). */
export const LEGACY_OPEN_AND_LIST = [
  legacyInitializeRequest(1, 'spec'),
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
] as const;
