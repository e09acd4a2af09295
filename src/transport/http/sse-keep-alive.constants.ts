/** How often an idle SSE stream, of either wire, sends a comment, so proxies and load balancers keep it open. */
export const KEEP_ALIVE_MS = 15_000;
