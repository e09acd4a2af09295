/** Versions served statelessly with per-request `_meta` (the re-run model). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];

/** Versions served through `initialize` sessions (the push model). */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
];

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** True for a version the modern (stateless) leg answers; compares as ISO dates. */
export function isModernVersion(version: string): boolean {
  return version >= '2026-07-28';
}

/** The first 2025-era version with the protocol's own tasks (`tasks/*`, task-augmented requests). */
export const FIRST_TASKS_VERSION = '2025-11-25';

/** The first 2025-era version whose capabilities carry `extensions` (MCP Apps among them). */
export const FIRST_EXTENSIONS_VERSION = '2025-11-25';
