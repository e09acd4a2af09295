/** What the protected-resource metadata document (RFC 9728) says about this MCP server. */
export interface ProtectedResourceOptions {
  /** The authorization servers (issuer URLs) whose tokens this server accepts. */
  authorizationServers: string[];
  /**
   * The MCP endpoint's public URL, the audience tokens are issued for. Without it, it is made from the
   * request's `Host` and the endpoint path; set it behind a proxy or when the public URL is https.
   */
  resource?: string;
  scopesSupported?: string[];
  resourceName?: string;
  /** A page for developers about this server. */
  resourceDocumentation?: string;
}

export const WELL_KNOWN_PROTECTED_RESOURCE = '/.well-known/oauth-protected-resource';

/** The paths the document is served at: the path-suffixed form for the endpoint, and the bare one. */
export function protectedResourcePaths(endpointPath: string): string[] {
  const suffixed =
    endpointPath === '/' ? WELL_KNOWN_PROTECTED_RESOURCE : WELL_KNOWN_PROTECTED_RESOURCE + endpointPath;
  return suffixed === WELL_KNOWN_PROTECTED_RESOURCE ? [suffixed] : [suffixed, WELL_KNOWN_PROTECTED_RESOURCE];
}

/** The resource identifier: the configured one, or the endpoint's URL at the origin the request reached. */
export function resourceUrlOf(options: ProtectedResourceOptions, origin: string, endpointPath: string): URL {
  return new URL(options.resource ?? new URL(endpointPath, origin).href);
}

/** Where a client finds the document for `resource` (RFC 9728 §3.1: the path goes after the well-known part). */
export function metadataUrlOf(resource: URL): string {
  const path = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
  return `${resource.origin}${WELL_KNOWN_PROTECTED_RESOURCE}${path}`;
}

/** The document itself. */
export function buildProtectedResourceMetadata(
  options: ProtectedResourceOptions,
  resource: URL,
): Record<string, unknown> {
  return {
    resource: resource.href,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: ['header'],
    ...(options.scopesSupported ? { scopes_supported: [...options.scopesSupported] } : {}),
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
    ...(options.resourceDocumentation ? { resource_documentation: options.resourceDocumentation } : {}),
  };
}
