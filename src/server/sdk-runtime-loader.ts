import type * as ServerSdk from '@modelcontextprotocol/server';
import type * as NodeSdk from '@modelcontextprotocol/node';

/**
 * The official SDK at run time, loaded on first need: a legacy (2025-era) session or request, or a
 * resource URI template. The modern leg never needs it, so an app serving only modern clients starts
 * without paying for its import. Type-only imports of the SDK stay free everywhere.
 */
let serverSdk: typeof ServerSdk | undefined;
let nodeSdk: typeof NodeSdk | undefined;
let serverLoading: Promise<typeof ServerSdk> | undefined;
let nodeLoading: Promise<typeof NodeSdk> | undefined;

/** Imports `@modelcontextprotocol/server` once; later calls return the same promise. */
export function loadServerSdk(): Promise<typeof ServerSdk> {
  serverLoading ??= import('@modelcontextprotocol/server').then((module) => (serverSdk = module));
  return serverLoading;
}

/** Imports `@modelcontextprotocol/node` (and the server SDK it builds on) once. */
export function loadNodeSdk(): Promise<typeof NodeSdk> {
  // One after the other: the Node SDK imports the server SDK, and one graph is linked at a time.
  nodeLoading ??= loadServerSdk()
    .then(() => import('@modelcontextprotocol/node'))
    .then((module) => (nodeSdk = module));
  return nodeLoading;
}

/** The server SDK, which a caller on a legacy path has awaited `loadServerSdk()` for. */
export function serverSdkNow(): typeof ServerSdk {
  if (!serverSdk) throw new Error('@modelcontextprotocol/server is used before loadServerSdk() finished');
  return serverSdk;
}

/** The Node SDK, which a caller on a legacy Node path has awaited `loadNodeSdk()` for. */
export function nodeSdkNow(): typeof NodeSdk {
  if (!nodeSdk) throw new Error('@modelcontextprotocol/node is used before loadNodeSdk() finished');
  return nodeSdk;
}

/** Whether the server SDK has been loaded in this process (read by tests and the bench). */
export function isServerSdkLoaded(): boolean {
  return serverSdk !== undefined;
}
