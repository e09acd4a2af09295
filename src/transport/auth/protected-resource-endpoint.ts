import type { IncomingMessage } from 'node:http';
import { protectedResourcePaths } from './protected-resource.metadata.js';
import type { ProtectedResourceOptions } from './protected-resource.metadata.js';

/** The protected-resource description an `authenticate` carries (as `bearerAuth()` does), if any. */
export function protectedResourceOf(authenticate: unknown): ProtectedResourceOptions | undefined {
  if (typeof authenticate !== 'function') return undefined;
  const described = (authenticate as { protectedResource?: ProtectedResourceOptions }).protectedResource;
  return described && Array.isArray(described.authorizationServers) ? described : undefined;
}

/** Whether `path` is one of the metadata document's well-known paths for this endpoint. */
export function isProtectedResourcePath(path: string, endpointPath: string): boolean {
  return path.startsWith('/.well-known/') && protectedResourcePaths(endpointPath).includes(path);
}

/** The origin a Node request reached, for a resource URL made from the request. */
export function originOf(request: IncomingMessage): string {
  const encrypted = (request.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return `${encrypted ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
}
