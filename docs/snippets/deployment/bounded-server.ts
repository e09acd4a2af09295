import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { ShopModule, shopOptions } from '../elicitation/shop.module.js';

/** A public endpoint with its limits spelled out; each value shown is the default unless noted. */
export async function startBoundedServer(port = 3000) {
  const app = await Elicitor.create(ShopModule, shopOptions);
  const { url } = await app.listen({
    http: {
      port,
      headersTimeoutMs: 20_000, // slow-header clients are dropped with 408
      requestTimeoutMs: 60_000, // time to send a whole request; streamed responses are not cut
      keepAliveTimeoutMs: 65_000, // not the default (5 s): above a load balancer's 60 s idle timeout
      maxConnections: 10_000, // not the default (no limit)
      legacySessions: {
        maxSessions: 5_000, // one more initialize gets 503 with Retry-After
        idleTimeoutMs: 30 * 60_000, // no request and no open stream for this long: closed and freed
      },
    },
  });
  return { app, url: url! };
}
