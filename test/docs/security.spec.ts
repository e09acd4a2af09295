import 'reflect-metadata';
import { Elicitor, Keyring, MemoryStateStore } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { TestClient, accept, withModernMeta } from 'elicitor/testing';
import { DonationTools, PaymentsApi } from '../../docs/snippets/security/idempotent-charge.tools.js';
import { ShopModule, shopOptions } from '../../docs/snippets/elicitation/shop.module.js';
import { Payments } from '../../docs/snippets/elicitation/shop.services.js';
import { createRedisStore } from '../../docs/snippets/security/redis-store.js';
import { requestStateOptions } from '../../docs/snippets/security/state.options.js';
import { snippetJson } from './support/snippet-files.js';

const OLD = 'old-secret-0123456789abcdef-0001';
const NEW = 'new-secret-0123456789abcdef-0002';
const ORDER = { name: 'place_order', arguments: { item: 'widget', quantity: 1 } };
const DELIVERY = { delivery: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } } };
const CONFIRM = { confirm: { action: 'accept', content: { confirm: true } } };
const FIXED_ERROR = snippetJson('security/invalid-state.error.json');

type Body = Record<string, unknown>;

/** Sends one raw tools/call to an app in memory, as an (optionally authenticated) caller. */
async function send(app: ElicitorApp, params: Body, principal?: string): Promise<Body> {
  const reply = await app.handleModernMessage(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: withModernMeta(params, { elicitation: {} }),
    },
    principal ? { authInfo: { token: 't', clientId: principal, scopes: [] } } : {},
  );
  return reply.body as Body;
}

const stateOf = (body: Body) => (body.result as { requestState: string }).requestState;

describe('Security guide: sealed requestState', () => {
  const rejected: string[] = [];
  const logger = { info() {}, warn: (message: string) => rejected.push(message), error() {} };
  const apps: ElicitorApp[] = [];
  const create = async (env: NodeJS.ProcessEnv, extra: Body = {}) => {
    const app = await Elicitor.create(ShopModule, {
      ...shopOptions,
      requestState: requestStateOptions(env),
      logger,
      store: new MemoryStateStore(),
      ...extra,
    });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    rejected.length = 0;
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('refuses to start without a secret', () => {
    expect(() => requestStateOptions({})).toThrow('Set STATE_KEY_CURRENT');
  });

  it('refuses a secret shorter than 16 bytes', async () => {
    await expect(create({ STATE_KEY_CURRENT: 'too-short' })).rejects.toThrow(/at least 16 are needed/);
  });

  it('answers every bad state with the one fixed error, and logs the reason', async () => {
    const app = await create({ STATE_KEY_CURRENT: NEW });
    const state = stateOf(await send(app, ORDER));
    const tampered = state.slice(0, -6) + (state.at(-6) === 'A' ? 'B' : 'A') + state.slice(-5);
    const cases: Array<[string, Body]> = [
      ['tampered', { ...ORDER, requestState: tampered, inputResponses: DELIVERY }],
      [
        'binding_mismatch',
        {
          ...ORDER,
          arguments: { item: 'widget', quantity: 9 },
          requestState: state,
          inputResponses: DELIVERY,
        },
      ],
      ['oversized', { ...ORDER, requestState: `v1.${'A'.repeat(9_000)}`, inputResponses: DELIVERY }],
      ['malformed', { ...ORDER, requestState: 'not-a-state', inputResponses: DELIVERY }],
    ];
    for (const [reason, params] of cases) {
      expect((await send(app, params)).error).toStrictEqual(FIXED_ERROR);
      expect(rejected.at(-1)).toBe(`requestState rejected: ${reason}`);
    }
  });

  it('expires a state after ttlMs', async () => {
    const { FakeClock } = await import('elicitor/testing');
    const clock = new FakeClock();
    const app = await create({ STATE_KEY_CURRENT: NEW }, { clock });
    const state = stateOf(await send(app, ORDER));
    clock.advance(15 * 60_000);
    expect(
      (await send(app, { ...ORDER, requestState: state, inputResponses: DELIVERY })).error,
    ).toStrictEqual(FIXED_ERROR);
    expect(rejected).toStrictEqual(['requestState rejected: expired']);
  });

  it('binds a state to the signed-in user', async () => {
    const app = await create({ STATE_KEY_CURRENT: NEW });
    const state = stateOf(await send(app, ORDER, 'ada'));
    const asGrace = await send(app, { ...ORDER, requestState: state, inputResponses: DELIVERY }, 'grace');
    expect(asGrace.error).toStrictEqual(FIXED_ERROR);
    const asAda = await send(app, { ...ORDER, requestState: state, inputResponses: DELIVERY }, 'ada');
    expect((asAda.result as Body).resultType).toBe('input_required');
  });

  it('rotates keys: the new secret first, the old one still opens states in flight', async () => {
    // One store through the rotation, as replicas share one: a store that forgot the call would refuse it.
    const store = new MemoryStateStore();
    const before = await create({ STATE_KEY_CURRENT: OLD }, { store });
    const during = await create({ STATE_KEY_CURRENT: NEW, STATE_KEY_PREVIOUS: OLD }, { store });
    const after = await create({ STATE_KEY_CURRENT: NEW }, { store });
    const sealedByOld = stateOf(await send(before, ORDER));

    const opened = await send(during, { ...ORDER, requestState: sealedByOld, inputResponses: DELIVERY });
    expect((opened.result as Body).resultType).toBe('input_required');
    const sealedByNew = stateOf(opened);
    expect(sealedByNew.split('.')[1]).not.toBe(sealedByOld.split('.')[1]); // the key id changed

    expect(
      (await send(after, { ...ORDER, requestState: sealedByOld, inputResponses: DELIVERY })).error,
    ).toStrictEqual(FIXED_ERROR);
    expect(rejected).toStrictEqual(['requestState rejected: unknown_key']);
    const finished = await send(after, { ...ORDER, requestState: sealedByNew, inputResponses: CONFIRM });
    expect((finished.result as Body).resultType).toBe('complete');
  });

  it('reads ELICITOR_STATE_KEYS (comma-separated, newest first) when no keys are configured', async () => {
    const store = new MemoryStateStore();
    const sealer = await Elicitor.create(ShopModule, {
      ...shopOptions,
      requestState: { keys: [OLD] },
      logger,
      store,
    });
    apps.push(sealer);
    process.env.ELICITOR_STATE_KEYS = `${NEW},${OLD}`;
    try {
      const fromEnv = await Elicitor.create(ShopModule, {
        ...shopOptions,
        singleInstance: true,
        logger,
        store,
      });
      apps.push(fromEnv);
      const opened = await send(fromEnv, {
        ...ORDER,
        requestState: stateOf(await send(sealer, ORDER)),
        inputResponses: DELIVERY,
      });
      expect((opened.result as Body).resultType).toBe('input_required');
      expect(Keyring.fromEnv()!.sealingKey.id).toBe(stateOf(opened).split('.')[1]);
    } finally {
      delete process.env.ELICITOR_STATE_KEYS;
    }
  });
});

describe('Security guide: the once store', () => {
  it('does not charge again when an old requestState is replayed after the charge', async () => {
    const client = await TestClient.create(ShopModule, { store: new MemoryStateStore() });
    const app = client.app!;
    const first = await send(app, ORDER);
    const second = await send(app, { ...ORDER, requestState: stateOf(first), inputResponses: DELIVERY });
    await send(app, { ...ORDER, requestState: stateOf(second), inputResponses: CONFIRM });
    const replayed = await send(app, { ...ORDER, requestState: stateOf(second), inputResponses: CONFIRM });
    expect(replayed.result).toMatchObject({
      content: [{ type: 'text', text: 'Order ch_1 placed: 1 × widget for Ada.' }],
    });
    expect(app.get(Payments).charges).toBe(1);
    await client.close();
  });

  it('refuses to build a Redis store without a URL', () => {
    expect(() => createRedisStore('')).toThrow('Set REDIS_URL');
  });
});

describe('Security guide: guarantees under faults', () => {
  it('hands the once effect a stable idempotency key, so the API dedupes a re-run', async () => {
    const payments = new PaymentsApi();
    const client = await TestClient.create({
      tools: [DonationTools],
      providers: [{ provide: PaymentsApi, useValue: payments }],
    });
    const run = await client.callTool('donate', {}, { answers: { confirm: accept({ ok: true }) } });
    expect(run.text).toBe('Thank you: ch_1');
    const [key] = [...payments.charges.keys()];
    await expect(payments.charge(500, key!)).resolves.toStrictEqual({ id: 'ch_1', cents: 500 });
    expect(payments.charges.size).toBe(1);
    await client.close();
  });
});
