/** JSON-RPC error codes on the wire, both eras. */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Implementation-defined server error; the SDK uses it for transport-level refusals (Host, no session). */
  ServerError: -32000,
  /** `authenticate` refused the caller; with HTTP 401 unless it says otherwise. */
  Unauthorized: -32001,
  /** An `Mcp-Session-Id` the server does not know (expired, deleted, or never issued); with HTTP 404. */
  SessionNotFound: -32001,
  RequestTimeout: -32001,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  UrlElicitationRequired: -32042,
} as const;
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode];
