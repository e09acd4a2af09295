import type * as ServerSdk from '@modelcontextprotocol/server';

/**
 * The official SDK at run time, loaded on first need: a resource URI template, which the SDK's
 * `UriTemplate` matches. Neither leg needs it otherwise, so an app without templates starts and serves
 * every client without paying for its import. Type-only imports of the SDK stay free everywhere.
 */
let serverSdk: typeof ServerSdk | undefined;
let serverLoading: Promise<typeof ServerSdk> | undefined;

/** Imports `@modelcontextprotocol/server` once; later calls return the same promise. */
export function loadServerSdk(): Promise<typeof ServerSdk> {
  serverLoading ??= import('@modelcontextprotocol/server').then((module) => (serverSdk = module));
  return serverLoading;
}

/** The server SDK, which the caller has awaited `loadServerSdk()` for. */
export function serverSdkNow(): typeof ServerSdk {
  if (!serverSdk) throw new Error('@modelcontextprotocol/server is used before loadServerSdk() finished');
  return serverSdk;
}
