import type { IncomingMessage } from 'node:http';
import type { NodeIncomingMessageLike } from '@modelcontextprotocol/node';

/**
 * The request as the SDK's `toNodeHandler` reads it. Its `NodeIncomingMessageLike` declares `method?: string`
 * and `url?: string`, which Node's `IncomingMessage` (`string | undefined`) does not satisfy under
 * `exactOptionalPropertyTypes`, so the absent ones are left out rather than passed as `undefined`.
 */
export function sdkNodeRequest(req: IncomingMessage): NodeIncomingMessageLike {
  return {
    headers: req.headers,
    [Symbol.asyncIterator]: () => req[Symbol.asyncIterator](),
    ...(req.method !== undefined ? { method: req.method } : {}),
    ...(req.url !== undefined ? { url: req.url } : {}),
  };
}
