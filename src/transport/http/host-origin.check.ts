import type { IncomingMessage, ServerResponse } from 'node:http';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { writeJsonRpcError } from './json-rpc-http-responses.js';
import type { RequestGuard } from './accepted-header-cache.js';

/**
 * DNS-rebinding protection with the official SDK's rules (`validateHostHeader`, `validateOriginHeader`),
 * kept here so the modern leg checks every request without loading the SDK.
 */
export type HeaderCheck = { ok: true } | { ok: false; message: string };

/** The host names a local server accepts by default. */
export function localhostAllowedHostnames(): string[] {
  return ['localhost', '127.0.0.1', '[::1]'];
}

/** `Host` (port-agnostic, IPv6 in brackets) must name an allowed host. */
export function checkHostHeader(host: string | null | undefined, allowed: readonly string[]): HeaderCheck {
  if (!host) return { ok: false, message: 'Missing Host header' };
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return { ok: false, message: `Invalid Host header: ${host}` };
  }
  return allowed.includes(hostname) ? { ok: true } : { ok: false, message: `Invalid Host: ${hostname}` };
}

/**
 * A missing `Origin` passes (non-browser clients send none); otherwise its host name must be allowed, or,
 * for a non-web scheme, `<scheme>//*` (e.g. `moz-extension://*`) must be listed.
 */
export function checkOriginHeader(
  origin: string | null | undefined,
  allowed: readonly string[],
): HeaderCheck {
  if (origin === null || origin === undefined || origin === '') return { ok: true };
  let hostname: string;
  let scheme: string;
  try {
    const url = new URL(origin);
    hostname = url.hostname;
    scheme = url.protocol;
  } catch {
    return { ok: false, message: `Invalid Origin header: ${origin}` };
  }
  if (hostname === '') return { ok: false, message: `Invalid Origin header: ${origin}` };
  const anyOfScheme = scheme !== 'http:' && scheme !== 'https:' && allowed.includes(`${scheme}//*`);
  return anyOfScheme || allowed.includes(hostname)
    ? { ok: true }
    : { ok: false, message: `Invalid Origin: ${hostname}` };
}

function refuse(response: ServerResponse, check: HeaderCheck): boolean {
  if (check.ok) return true;
  writeJsonRpcError(response, 403, JsonRpcErrorCode.ServerError, check.message);
  return false;
}

/** A Node guard answering 403 when `Host` is not allowed. */
export function hostGuard(allowed: readonly string[]): RequestGuard {
  return (request: IncomingMessage, response: ServerResponse) =>
    refuse(response, checkHostHeader(request.headers.host, allowed));
}

/** A Node guard answering 403 when `Origin` is present and not allowed. */
export function originGuard(allowed: readonly string[]): RequestGuard {
  return (request: IncomingMessage, response: ServerResponse) =>
    refuse(response, checkOriginHeader(request.headers.origin, allowed));
}
