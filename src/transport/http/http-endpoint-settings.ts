import { localhostAllowedHostnames } from './host-origin.check.js';
import type { HttpHandlerOptions } from './http-handler.options.js';
import type { LegacyResumability } from '../legacy/legacy-http-sessions.js';
import type { Fleet } from '../../fleet/fleet.types.js';
import { FleetEventStore } from '../legacy/fleet-event.store.js';
import { MemoryEventStore } from '../legacy/memory-event.store.js';

/** How long a legacy client waits before it reconnects to a stream the server closed. */
const DEFAULT_RETRY_MS = 1_000;
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** An endpoint's options with every default filled in; the same for the Node and the fetch handler. */
export interface HttpEndpointSettings {
  path: string;
  maxBodyBytes: number;
  /** Host names accepted in `Host` and `Origin`. */
  allowedHosts: string[];
  resumability: Required<LegacyResumability> | undefined;
}

/** With a fleet, stream events default to the fleet's log, so any replica resumes any stream. */
export function resolveHttpSettings<TRequest>(
  options: HttpHandlerOptions<TRequest>,
  fleet?: Fleet,
): HttpEndpointSettings {
  return {
    path: options.path ?? '/mcp',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    allowedHosts: options.allowedHosts ?? localhostAllowedHostnames(),
    resumability:
      options.resumability === false
        ? undefined
        : {
            eventStore:
              options.resumability?.eventStore ??
              (fleet ? new FleetEventStore(fleet.events) : new MemoryEventStore()),
            retryMs: options.resumability?.retryMs ?? DEFAULT_RETRY_MS,
          },
  };
}

/** The path of a request target (`/mcp?x=1` → `/mcp`), without allocating when there is no query. */
export function pathOf(target: string): string {
  const queryStart = target.indexOf('?');
  return queryStart < 0 ? target : target.slice(0, queryStart);
}
