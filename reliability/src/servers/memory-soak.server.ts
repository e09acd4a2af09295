// The order tool on the default in-memory state store, sized by the environment: TTL_MS (the state TTL),
// MAX_BYTES and SWEEP_MS (the store's byte budget and sweep interval). Run it with --expose-gc for the
// memory tool's `gc`. It prints `listening <port>` once it serves.
import { Elicitor, MemoryStateStore } from 'elicitor';
import { MemorySoakTools } from './memory-soak.tools.js';

const env = process.env;
const store = new MemoryStateStore({
  ...(env.MAX_BYTES ? { maxBytes: Number(env.MAX_BYTES) } : {}),
  ...(env.SWEEP_MS ? { sweepIntervalMs: Number(env.SWEEP_MS) } : {}),
});
MemorySoakTools.store = store;
const app = await Elicitor.create({
  name: 'reliability-memory-soak',
  version: '1.0.0',
  tools: [MemorySoakTools],
  store,
  logger: {
    info: () => {},
    warn: () => {},
    error: (message: string) => process.stderr.write(`${message}\n`),
  },
  requestState: {
    keys: ['reliability-shared-secret-0123456789abcdef'],
    ...(env.TTL_MS ? { ttlMs: Number(env.TTL_MS) } : {}),
  },
});
const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
process.stdout.write(`listening ${port}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
