import 'reflect-metadata';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { MemoryStateStore } from '../mrtr/stores/memory.store.js';
import type { StateStore } from '../mrtr/stores/state-store.js';
import { testKeyringSecret } from '../testing/test-keyring.js';
import { Elicitor } from './elicitor.js';
import type { ElicitorOptions } from './elicitor.options.js';

@Tools()
class Expenses {
  @Tool({ description: 'Files an expense' })
  fileExpense(): string {
    return 'filed';
  }
}

/** A store that is not the in-memory one, as a Redis store would be (it forwards to memory here). */
function sharedStoreLike(): StateStore {
  const inner = new MemoryStateStore();
  return {
    setIfAbsent: (key, value, ttlMs) => inner.setIfAbsent(key, value, ttlMs),
    get: (key) => inner.get(key),
    set: (key, value, ttlMs) => inner.set(key, value, ttlMs),
    compareAndSet: (key, expected, value, ttlMs) => inner.compareAndSet(key, expected, value, ttlMs),
    compareAndDelete: (key, expected) => inner.compareAndDelete(key, expected),
    delete: (key) => inner.delete(key),
  };
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const base: ElicitorOptions = { name: 'expenses', version: '1.0.0', tools: [Expenses], logger: quiet };
const SHARED_SECRET = 'a-secret-every-replica-shares-0123';

async function startsWith(env: string | undefined, options: Partial<ElicitorOptions>): Promise<void> {
  const previous = process.env.ELICITOR_STATE_KEYS;
  if (env === undefined) delete process.env.ELICITOR_STATE_KEYS;
  else process.env.ELICITOR_STATE_KEYS = env;
  try {
    const app = await Elicitor.create({ ...base, ...options });
    await app.close();
  } finally {
    if (previous === undefined) delete process.env.ELICITOR_STATE_KEYS;
    else process.env.ELICITOR_STATE_KEYS = previous;
  }
}

describe('keys from ELICITOR_STATE_KEYS with an in-memory store', () => {
  it('refuse to start, naming the shared store and the singleInstance opt-out', async () => {
    const refusal = startsWith(SHARED_SECRET, {});
    await expect(refusal).rejects.toMatchObject({ code: 'MEMORY_STORE_WITH_SHARED_KEYS' });
    await expect(startsWith(SHARED_SECRET, {})).rejects.toThrow(
      'ELICITOR_STATE_KEYS is set, so replicas may share requestState keys, but once records and final results are kept in memory',
    );
    await expect(startsWith(SHARED_SECRET, {})).rejects.toThrow(
      'Pass a shared store (store: new RedisStateStore(url) from elicitor/redis), or set singleInstance: true',
    );
  });

  it('refuse an in-memory store given explicitly too', async () => {
    await expect(startsWith(SHARED_SECRET, { store: new MemoryStateStore() })).rejects.toThrow(
      'ELICITOR_STATE_KEYS is set',
    );
  });

  it('start with singleInstance: true, with another store, or with keys given in the options', async () => {
    await expect(startsWith(SHARED_SECRET, { singleInstance: true })).resolves.toBeUndefined();
    await expect(startsWith(SHARED_SECRET, { store: sharedStoreLike() })).resolves.toBeUndefined();
    await expect(
      startsWith(SHARED_SECRET, { requestState: { keys: [SHARED_SECRET] } }),
    ).resolves.toBeUndefined();
  });

  it('start with the testing kit key or with no keys at all', async () => {
    await expect(startsWith(testKeyringSecret, {})).resolves.toBeUndefined();
    await expect(startsWith(undefined, {})).resolves.toBeUndefined();
  });
});
