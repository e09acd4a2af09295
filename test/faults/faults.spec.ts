import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { FakeClock, MemoryStateStore, TestClient } from 'elicitor/testing';
import { PaymentFlow, effects, resetEffects } from '../mrtr/payment-flow.fixture.js';
import { CheckoutTools, Gate, resetWorld, world } from './faults.fixture.js';

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body };

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { next: value };
  return value;
}

const stateOf = (reply: Reply) => (reply.body.result as { requestState: string }).requestState;
const textOf = (reply: Reply) =>
  ((reply.body.result as { content?: Array<{ text: string }> }).content ?? []).map((c) => c.text).join('');

/** Two replicas: separate apps sharing one store and one fake clock, like two processes on one Redis. */
async function replicas(
  tools: Array<new () => object>,
): Promise<{ a: TestClient; b: TestClient; clock: FakeClock }> {
  const clock = new FakeClock();
  const store = new MemoryStateStore({ clock });
  const make = () => TestClient.create({ tools, store, clock, logger: quiet });
  return { a: await make(), b: await make(), clock };
}

const call = (client: TestClient, name: string, args: Body, extra: Body = {}): Promise<Reply> =>
  client.request('tools/call', { name, arguments: args, ...extra });

/** Rounds 1 and 2 of checkout; returns the state that asks for confirmation. */
async function toConfirmation(client: TestClient): Promise<string> {
  const s1 = stateOf(await call(client, 'checkout', { amount: 5 }));
  return stateOf(
    await call(
      client,
      'checkout',
      { amount: 5 },
      { requestState: s1, inputResponses: { contact: { action: 'accept', content: { name: 'Ada' } } } },
    ),
  );
}

const confirmed = (s2: string, ok = true): Body => ({
  requestState: s2,
  inputResponses: { confirm: { action: 'accept', content: { ok } } },
});

beforeEach(() => {
  resetWorld();
  resetEffects();
});

describe('input past the limits gets -32602, never a 5xx', () => {
  let client: TestClient;
  beforeEach(async () => (client = await TestClient.create({ tools: [CheckoutTools], logger: quiet })));
  afterEach(() => client.close());

  it('refuses arguments nested deeper than 64 levels on a round that carries a requestState', async () => {
    const s1 = stateOf(await call(client, 'checkout', { amount: 5 }));
    const reply = await call(client, 'checkout', { amount: 5, extra: deep(600) }, { requestState: s1 });
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.error).toStrictEqual({
      code: -32602,
      message: 'arguments is nested deeper than 64 levels',
      data: { reason: 'too_deep', field: 'arguments', maxDepth: 64 },
    });
  });

  it('refuses inputResponses nested deeper than 64 levels', async () => {
    const s1 = stateOf(await call(client, 'checkout', { amount: 5 }));
    const reply = await call(
      client,
      'checkout',
      { amount: 5 },
      { requestState: s1, inputResponses: { contact: deep(100) } },
    );
    expect(reply.status).toBeLessThan(500);
    expect((reply.body.error as { code: number; message: string }).message).toBe(
      'inputResponses is nested deeper than 64 levels',
    );
  });

  it('keeps only the form fields of a class-backed answer, so extra keys never reach the state', async () => {
    const s1 = stateOf(await call(client, 'checkout', { amount: 5 }));
    const reply = await call(
      client,
      'checkout',
      { amount: 5 },
      {
        requestState: s1,
        inputResponses: { contact: { action: 'accept', content: { name: 'Ada', junk: 'x'.repeat(20_000) } } },
      },
    );
    expect(reply.status).toBe(200);
    expect(Buffer.byteLength(stateOf(reply))).toBeLessThan(1_000);
    const done = await call(client, 'checkout', { amount: 5 }, confirmed(stateOf(reply)));
    expect(textOf(done)).toBe('Charged Ada $5 as ch_1');
  });

  it('answers -32602 when the client answers grow the state past its cap', async () => {
    const first = await call(client, 'summarise', {});
    const reply = await call(
      client,
      'summarise',
      {},
      {
        requestState: stateOf(first),
        inputResponses: {
          draft: { role: 'assistant', content: { type: 'text', text: 'y'.repeat(20_000) }, model: 'm' },
        },
      },
    );
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.error).toStrictEqual({
      code: -32602,
      message:
        'The answers given so far are too large to carry to the next round (the requestState limit is 16384 bytes); answer with shorter values',
      data: { reason: 'answers_too_large' },
    });
  });
});

describe('a final result runs its commits, exactly once, whatever the client does', () => {
  let client: TestClient;
  beforeEach(async () => (client = await TestClient.create({ tools: [CheckoutTools], logger: quiet })));
  afterEach(() => client.close());

  it('runs the commits of a final round whose client went away, and replays that result to retries', async () => {
    const s2 = await toConfirmation(client);
    const gate = (world.beforeFinal = new Gate());
    const goneAway = new AbortController();
    const leaving = TestClient.forApp(client.app!, { signal: goneAway.signal });
    const pending = call(leaving, 'checkout', { amount: 5 }, confirmed(s2));
    await waitFor(() => world.charges.length === 1);
    goneAway.abort();
    gate.release();
    await pending;
    world.beforeFinal = undefined;
    expect([world.audits, world.receipts]).toStrictEqual([1, 1]);

    const retry = await call(client, 'checkout', { amount: 5 }, confirmed(s2));
    const again = await call(client, 'checkout', { amount: 5 }, confirmed(s2));
    expect(textOf(retry)).toBe('Charged Ada $5 as ch_1');
    expect(again.body.result).toStrictEqual(retry.body.result);
    expect([world.charges.length, world.audits, world.receipts]).toStrictEqual([1, 1, 1]);
  });

  it('leaves the call open when a commit fails: a retry runs only the commits that did not complete', async () => {
    const s2 = await toConfirmation(client);
    world.receiptFailures = 1;
    const failed = await call(client, 'checkout', { amount: 5 }, confirmed(s2));
    expect((failed.body.result as { isError?: boolean }).isError).toBe(true);
    expect([world.charges.length, world.audits, world.receipts]).toStrictEqual([1, 1, 0]);

    const retry = await call(client, 'checkout', { amount: 5 }, confirmed(s2));
    expect(textOf(retry)).toBe('Charged Ada $5 as ch_1');
    const again = await call(client, 'checkout', { amount: 5 }, confirmed(s2));
    expect(again.body.result).toStrictEqual(retry.body.result);
    expect([world.charges.length, world.audits, world.receipts]).toStrictEqual([1, 1, 1]);
  });
});

describe('an older branch of a call can never produce a second outcome', () => {
  const answer = (ok: boolean) => ({ confirm: { action: 'accept', content: { ok } } });

  it('refuses a replayed first round answered otherwise after once ran, on another replica too', async () => {
    const { a, b } = await replicas([PaymentFlow]);
    const s1 = stateOf(await call(a, 'pay', { amount: 5 }));
    const s2 = stateOf(
      await call(a, 'pay', { amount: 5 }, { requestState: s1, inputResponses: answer(true) }),
    );
    expect(effects.charges).toBe(1);

    for (const replica of [a, b]) {
      const replay = await call(
        replica,
        'pay',
        { amount: 5 },
        { requestState: s1, inputResponses: answer(false) },
      );
      expect(replay.body.error).toStrictEqual({
        code: -32602,
        message:
          'This call already went ahead with another answer to "confirm"; an earlier requestState cannot change it. Continue from the latest requestState, or start a new call.',
        data: { reason: 'conflicting_answer', key: 'confirm' },
      });
    }

    const final = await call(
      b,
      'pay',
      { amount: 5 },
      {
        requestState: s2,
        inputResponses: { note: { action: 'accept', content: { note: 'thanks' } } },
      },
    );
    expect(textOf(final)).toBe('Paid $6 as ch_1: thanks');
    expect([effects.charges, effects.receipts]).toStrictEqual([1, 1]);
    await Promise.all([a.close(), b.close()]);
  });

  it('lets the branch that decided first keep its outcome: a later branch gets the same result', async () => {
    const { a, b } = await replicas([PaymentFlow]);
    const s1 = stateOf(await call(a, 'pay', { amount: 5 }));
    const declined = await call(a, 'pay', { amount: 5 }, { requestState: s1, inputResponses: answer(false) });
    expect(textOf(declined)).toBe('Not paid.');
    const other = await call(b, 'pay', { amount: 5 }, { requestState: s1, inputResponses: answer(true) });
    expect(other.body.result).toStrictEqual(declined.body.result);
    expect(effects.charges).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('returns the recorded final result to a replay of the last round with another answer', async () => {
    const { a, b } = await replicas([CheckoutTools]);
    const s2 = await toConfirmation(a);
    const done = await call(a, 'checkout', { amount: 5 }, confirmed(s2, true));
    const replay = await call(b, 'checkout', { amount: 5 }, confirmed(s2, false));
    expect(replay.body.result).toStrictEqual(done.body.result);
    expect([world.charges.length, world.receipts]).toStrictEqual([1, 1]);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('a replica that dies mid-round leaves a lease that expires, and a retry completes the call', () => {
  it('takes over a final round whose replica stopped renewing its lease', async () => {
    const { a, b, clock } = await replicas([CheckoutTools]);
    const s2 = await toConfirmation(a);
    const stuck = (world.beforeFinal = new Gate());
    const dying = call(a, 'checkout', { amount: 5 }, confirmed(s2));
    await waitFor(() => world.charges.length === 1);

    const tooSoon = await call(b, 'checkout', { amount: 5 }, confirmed(s2));
    expect((tooSoon.body.error as { message: string }).message).toBe(
      'This requestState is already being processed by another request',
    );
    clock.advance(30_001);
    world.beforeFinal = undefined;
    const retry = await call(b, 'checkout', { amount: 5 }, confirmed(s2));
    expect(textOf(retry)).toBe('Charged Ada $5 as ch_1');
    expect([world.charges.length, world.audits, world.receipts]).toStrictEqual([1, 1, 1]);

    // The first replica was only stalled: when it resumes, the journal keeps its commits from running again.
    stuck.release();
    await dying;
    expect([world.audits, world.receipts]).toStrictEqual([1, 1]);
    await Promise.all([a.close(), b.close()]);
  });

  it('re-runs a once effect whose replica died with the same idempotency key', async () => {
    const { a, b, clock } = await replicas([CheckoutTools]);
    const s2 = await toConfirmation(a);
    const stuck = (world.insideCharge = new Gate());
    const dying = call(a, 'checkout', { amount: 5 }, confirmed(s2));
    await waitFor(() => world.charges.length === 1);

    clock.advance(30_001);
    world.insideCharge = undefined;
    const retry = await call(b, 'checkout', { amount: 5 }, confirmed(s2));
    expect(textOf(retry)).toBe('Charged Ada $5 as ch_2');
    expect(world.charges).toHaveLength(2);
    expect(new Set(world.charges).size).toBe(1);
    expect(world.charges[0]).toMatch(/^elicitor-[A-Za-z0-9_-]+-charge$/);

    stuck.release();
    await dying;
    expect([world.audits, world.receipts]).toStrictEqual([1, 1]);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('the store a server starts with', () => {
  it('warns once, when it starts serving HTTP, that fixed keys meet the in-memory store a restart empties', async () => {
    const warnings: string[] = [];
    const logger = { ...quiet, warn: (message: string) => warnings.push(message) };
    const keys = ['a-fixed-secret-of-32-characters!'];
    const app = await Elicitor.create({
      name: 'n',
      version: '1',
      tools: [CheckoutTools],
      logger,
      requestState: { keys },
    });
    expect(warnings).toStrictEqual([]);
    app.nodeHandler();
    await app.listen({ http: { port: 0 } });
    expect(warnings).toStrictEqual([
      'requestState keys are fixed but once records and final results are kept in memory: a restart forgets them, and a call sealed before it then ends as "outcome unknown". Pass a shared store (elicitor/redis) to survive restarts and serve several replicas.',
    ]);
    const shared = await Elicitor.create({
      name: 'n',
      version: '1',
      tools: [CheckoutTools],
      logger,
      requestState: { keys },
      store: new MemoryStateStore(),
    });
    await shared.listen({ http: { port: 0 } });
    expect(warnings).toHaveLength(1);
    await Promise.all([app.close(), shared.close()]);
  });
});

describe('the default in-memory store under large final results', () => {
  it('stays within its byte budget, warns once, answers recent retries from its records, and refuses the dropped', async () => {
    const warnings: string[] = [];
    const logger = { ...quiet, warn: (message: string) => warnings.push(message) };
    const app = await Elicitor.create({ name: 'n', version: '1', tools: [CheckoutTools], logger });
    const client = TestClient.forApp(app);
    world.reportBytes = 4 * 1024 * 1024;
    const go = { inputResponses: { go: { action: 'accept', content: { ok: true } } } };
    const finals: Body[] = [];
    // 24 final results of 4 MiB each: past the 32 MiB budget long before the 100,000-entry cap.
    for (let i = 0; i < 24; i++) {
      const state = stateOf(await call(client, 'report', {}));
      finals.push({ requestState: state, ...go });
      expect(textOf(await call(client, 'report', {}, finals[i]))).toHaveLength(world.reportBytes);
    }
    expect(warnings.filter((message) => message.includes('state store is full'))).toHaveLength(1);
    expect(world.reports).toBe(24);
    await call(client, 'report', {}, finals[23]);
    expect(world.reports).toBe(24);
    // Its record was dropped: running it again could repeat its commits, so its state counts as expired.
    const dropped = await call(client, 'report', {}, finals[0]);
    expect((dropped.body.error as { message?: string } | undefined)?.message).toBe(
      'Invalid or expired requestState',
    );
    expect(world.reports).toBe(24);
    await app.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not reached');
}
