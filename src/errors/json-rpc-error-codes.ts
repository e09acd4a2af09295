/** JSON-RPC error codes on the wire, both eras. */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /**
   * Implementation-defined server error. Like the SDK's HTTP transport, the body of every transport-level
   * refusal: a foreign Host or Origin (403), a refused `authenticate` (401 with `WWW-Authenticate`), a
   * path the server does not serve (404).
   */
  ServerError: -32000,
  /** An `Mcp-Session-Id` the server does not know (expired, deleted, or never issued); with HTTP 404, as the SDK. */
  SessionNotFound: -32001,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  UrlElicitationRequired: -32042,
} as const;
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode];
