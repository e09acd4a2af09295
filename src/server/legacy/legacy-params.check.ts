import type { ClientCapabilities, Implementation } from '@modelcontextprotocol/server';

export const LOGGING_LEVELS: ReadonlySet<string> = new Set([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

export interface InitializeParams {
  protocolVersion: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
}

/** A request's params when they are an object (absent params read as none). */
export function paramsOf(params: unknown): Record<string, unknown> | undefined {
  if (params === undefined) return {};
  return typeof params === 'object' && params !== null && !Array.isArray(params)
    ? (params as Record<string, unknown>)
    : undefined;
}

/** The params of an `initialize`, or why they are not valid. */
export function initializeParamsOf(params: unknown): InitializeParams | string {
  const object = paramsOf(params);
  if (!object || typeof object.protocolVersion !== 'string') {
    return 'Invalid params: initialize needs a protocolVersion string';
  }
  const { capabilities, clientInfo } = object;
  if (capabilities !== undefined && !isObject(capabilities)) {
    return 'Invalid params: capabilities must be an object';
  }
  if (clientInfo !== undefined && !isObject(clientInfo)) {
    return 'Invalid params: clientInfo must be an object';
  }
  return {
    protocolVersion: object.protocolVersion,
    capabilities: (capabilities ?? {}) as ClientCapabilities,
    clientInfo: clientInfo as Implementation | undefined,
  };
}

/** The `uri` of `resources/subscribe` and `resources/unsubscribe`. */
export function uriOf(params: unknown): string | undefined {
  const uri = paramsOf(params)?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
