// The checkout tool served over HTTP, configured by the environment: BANK_URL, REDIS_URL (a shared store
// for replicas) or REDIS_CLUSTER_NODES (host:port,... of a Redis Cluster), STORE_PREFIX, LEASE_MS, TTL_MS.
// It prints `listening <port>` once it serves.
import { Cluster } from 'ioredis';
import { Elicitor } from 'elicitor';
import { RedisStateStore, redisConnectionOptions } from 'elicitor/redis';
import { CheckoutTools } from './checkout.tools.js';

const env = process.env;
const storeOptions = { keyPrefix: env.STORE_PREFIX ?? 'rel:' };

function sharedStore(): RedisStateStore | undefined {
  if (env.REDIS_CLUSTER_NODES) {
    const nodes = env.REDIS_CLUSTER_NODES.split(',').map((address) => {
      const [host, port] = address.split(':');
      return { host: host!, port: Number(port) };
    });
    return new RedisStateStore(new Cluster(nodes, { redisOptions: redisConnectionOptions() }), storeOptions);
  }
  return env.REDIS_URL ? new RedisStateStore(env.REDIS_URL, storeOptions) : undefined;
}
const store = sharedStore();
const quiet = {
  info: () => {},
  warn: () => {},
  error: (message: string) => process.stderr.write(`${message}\n`),
};
const app = await Elicitor.create({
  name: 'reliability-checkout',
  version: '1.0.0',
  tools: [CheckoutTools],
  logger: quiet,
  requestState: {
    keys: ['reliability-shared-secret-0123456789abcdef'],
    ...(env.LEASE_MS ? { leaseMs: Number(env.LEASE_MS) } : {}),
    ...(env.TTL_MS ? { ttlMs: Number(env.TTL_MS) } : {}),
  },
  ...(store ? { store } : {}),
});
const { port } = await app.listen({
  http: {
    port: 0,
    host: '127.0.0.1',
    // A bearer token names the user, so states can be bound to a principal.
    authenticate: (request) => {
      const header = request.headers.authorization;
      return header?.startsWith('Bearer ')
        ? { token: header.slice(7), clientId: header.slice(7), scopes: [] }
        : undefined;
    },
  },
});
process.stdout.write(`listening ${port}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
