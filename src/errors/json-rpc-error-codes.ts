/** JSON-RPC error codes on the wire, both eras. */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Transport-level refusals (Host/Origin, a session-less legacy request), as the SDK sends them. */
  ServerError: -32000,
  Unauthorized: -32001,
  SessionNotFound: -32001,
  RequestTimeout: -32001,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  UrlElicitationRequired: -32042,
} as const;
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode];
