import 'reflect-metadata';
import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult as WireElicitResult,
} from '@modelcontextprotocol/server';
import { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import { ElicitRequestParams } from '../../context/elicitation-request.js';
import type { LegacyPeer, PeerRequestOptions } from '../../context/legacy-peer.js';
import { RequestAbort } from '../../context/request-abort.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { MissingCapabilityError } from '../../errors/missing-capability.error.js';
import { LeaseClaims } from '../../mrtr/lease-claims.js';
import { OnceRecorder } from '../../mrtr/once-recorder.js';
import { MemoryStateStore } from '../../mrtr/stores/memory.store.js';
import { PushInputChannel } from './push-input-channel.js';
import type { PushChannelSettings } from './push-input-channel.js';

type WireParams = ElicitRequestFormParams | ElicitRequestURLParams;

/** A LegacyPeer that records what it was sent and answers from a script. */
class FakePeer implements LegacyPeer {
  readonly sent: Array<{ params: WireParams; options: PeerRequestOptions }> = [];

  constructor(private readonly answers: WireElicitResult[] = []) {}

  async elicit(params: WireParams, options: PeerRequestOptions): Promise<WireElicitResult> {
    this.sent.push({ params: structuredClone(params), options });
    const answer = this.answers.shift();
    if (!answer) throw new Error('the script has no more answers');
    return answer;
  }

  createMessage(): never {
    throw new Error('not used');
  }

  listRoots(): never {
    throw new Error('not used');
  }

  async completeElicitation(): Promise<void> {}

  closeStream(): boolean {
    return false;
  }
}

const BOTH_MODES = { elicitation: { form: {}, url: {} } };
const abort = new RequestAbort();

function channel(
  peer: LegacyPeer,
  protocolVersion = '2025-11-25',
  capabilities: Record<string, unknown> | undefined = BOTH_MODES,
  settings: Partial<PushChannelSettings> = {},
): PushInputChannel {
  return new PushInputChannel(
    peer,
    protocolVersion,
    new ClientCapabilitiesView(capabilities as never),
    abort,
    {
      defaultTimeoutMs: 600_000,
      onceRecorder: onceRecorderOn(new MemoryStateStore()),
      ...settings,
    },
  );
}

function onceRecorderOn(store: MemoryStateStore): OnceRecorder {
  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  return new OnceRecorder(new LeaseClaims({ store, leaseMs: 30_000, recordTtlMs: 60_000, logger }));
}

const contactForm = () =>
  ElicitRequestParams.form('Who are you?')
    .withRequired('name', { type: 'string', minLength: 1 })
    .withRequired('age', { type: 'integer', minimum: 0, maximum: 150 });

/** A form whose enum shapes and defaults differ between 2025-11-25 and 2025-06-18. */
const deployForm = () =>
  ElicitRequestParams.form('Configure')
    .withOptional('replicas', { type: 'integer', minimum: 1, default: 3 })
    .withOptional('verbose', { type: 'boolean', default: false })
    .withOptional('environment', {
      type: 'string',
      oneOf: [
        { const: 'dev', title: 'Development' },
        { const: 'prod', title: 'Production' },
      ],
      default: 'dev',
    });

const pizzaForm = () =>
  ElicitRequestParams.form('Build your pizza').withRequired('toppings', {
    type: 'array',
    items: { type: 'string', enum: ['cheese', 'olives'] },
  });

describe('PushInputChannel: form questions', () => {
  it("sends the form on a 2025-11-25 session with mode, the default timeout and the call's abort", async () => {
    const peer = new FakePeer([{ action: 'accept', content: { name: 'Ada', age: 36 } }]);

    const result = await channel(peer).elicit(undefined, contactForm(), {});

    expect(result.content()).toStrictEqual({ name: 'Ada', age: 36 });
    expect(peer.sent).toHaveLength(1);
    expect(peer.sent[0]!.params).toStrictEqual({
      mode: 'form',
      message: 'Who are you?',
      requestedSchema: contactForm().schema,
    });
    expect(peer.sent[0]!.options).toStrictEqual({ timeoutMs: 600_000, abort, questionId: '#0~1' });
  });

  it('pushes the question again with the reason and the valid fields filled in, then takes a valid one', async () => {
    const peer = new FakePeer([
      { action: 'accept', content: { name: 'Ada', age: 200 } },
      { action: 'accept', content: { name: 'Ada', age: 36 } },
    ]);

    const result = await channel(peer).elicit('contact', contactForm(), {});

    expect(result.action).toBe('accept');
    expect(result.content()).toStrictEqual({ name: 'Ada', age: 36 });
    const again = peer.sent[1]!.params as ElicitRequestFormParams; // the script's second answer ends it
    expect(again.message).toMatch(/^Who are you\?\n\nYour previous answer was not accepted: .*age/);
    const { properties: was } = contactForm().schema;
    expect(again.requestedSchema.properties).toStrictEqual({ ...was, name: { ...was.name, default: 'Ada' } });
  });

  it('gives up with -32602 when the answers keep failing validation', async () => {
    const invalid: WireElicitResult = { action: 'accept', content: { name: '', age: -1 } };
    const peer = new FakePeer([invalid, invalid, invalid, invalid]);

    const asking = channel(peer, '2025-11-25', BOTH_MODES, { maxAsks: 3 }).elicit(
      undefined,
      contactForm(),
      {},
    );

    await expect(asking).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(asking).rejects.toThrow(/not accepted after 3 tries/);
    expect(peer.sent).toHaveLength(3);
  });

  it.each(['decline', 'cancel'] as const)(
    'returns %s without content and without validating',
    async (action) => {
      const peer = new FakePeer([{ action, content: { age: 'not a number' } } as WireElicitResult]);

      const result = await channel(peer).elicit(undefined, contactForm(), {});

      expect(result.action).toBe(action);
      expect(result.content()).toBeUndefined();
      expect(peer.sent).toHaveLength(1);
    },
  );

  it('lowers enum shapes and defaults for a 2025-06-18 client and sends no mode field', async () => {
    const peer = new FakePeer([{ action: 'accept', content: { replicas: 2, environment: 'prod' } }]);

    const result = await channel(peer, '2025-06-18', { elicitation: {} }).elicit(undefined, deployForm(), {});

    const params = peer.sent[0]!.params as ElicitRequestFormParams;
    expect(params).not.toHaveProperty('mode');
    expect(params.requestedSchema.properties).toStrictEqual({
      replicas: { type: 'integer', minimum: 1 },
      verbose: { type: 'boolean', default: false },
      environment: { type: 'string', enum: ['dev', 'prod'], enumNames: ['Development', 'Production'] },
    });
    expect(result.content()).toStrictEqual({ replicas: 2, environment: 'prod' });
  });

  it('keeps the 2025-11-25 shapes and defaults as they are', async () => {
    const peer = new FakePeer([{ action: 'decline' }]);

    await channel(peer).elicit(undefined, deployForm(), {});

    expect((peer.sent[0]!.params as ElicitRequestFormParams).requestedSchema).toStrictEqual(
      deployForm().schema,
    );
  });

  it('asks a multi-select of a 2025-06-18 client as checkboxes and hands the handler the array', async () => {
    const peer = new FakePeer([{ action: 'accept', content: { toppings__0: false, toppings__1: true } }]);

    const result = await channel(peer, '2025-06-18', { elicitation: {} }).elicit(undefined, pizzaForm(), {});

    expect((peer.sent[0]!.params as ElicitRequestFormParams).requestedSchema).toStrictEqual({
      type: 'object',
      properties: {
        toppings__0: { type: 'boolean', title: 'cheese', default: false },
        toppings__1: { type: 'boolean', title: 'olives', default: false },
      },
    });
    expect(result.content()).toStrictEqual({ toppings: ['olives'] });
  });

  it('asks a 2025-06-18 client again, saying why, while the ticks break minItems or maxItems', async () => {
    const form = ElicitRequestParams.form('Build your pizza').withRequired('toppings', {
      type: 'array',
      title: 'Toppings',
      items: { type: 'string', enum: ['cheese', 'olives', 'basil'] },
      minItems: 1,
      maxItems: 2,
    });
    const peer = new FakePeer([
      { action: 'accept', content: {} },
      { action: 'accept', content: { toppings__0: true, toppings__1: true, toppings__2: true } },
      { action: 'accept', content: { toppings__2: true } },
    ]);

    const result = await channel(peer, '2025-06-18', { elicitation: {} }).elicit(undefined, form, {});

    expect(result.content()).toStrictEqual({ toppings: ['basil'] });
    expect(peer.sent.map((sent) => (sent.params as ElicitRequestFormParams).message)).toStrictEqual([
      'Build your pizza',
      'Build your pizza\n\nYour previous answer was not accepted: Toppings: tick at least 1 of cheese, olives, basil (you ticked 0)',
      'Build your pizza\n\nYour previous answer was not accepted: Toppings: tick at most 2 of cheese, olives, basil (you ticked 3)',
    ]);
  });
});

describe('PushInputChannel: URL questions', () => {
  it('adds a fresh elicitationId per question and hands it back', async () => {
    const peer = new FakePeer([{ action: 'accept' }, { action: 'decline' }]);
    const push = channel(peer);
    const question = ElicitRequestParams.url('https://pay.example.com/checkout', 'Pay on the secure page');

    const first = await push.elicit(undefined, question, {});
    const second = await push.elicit(undefined, question, {});

    expect(peer.sent[0]!.params).toStrictEqual({
      mode: 'url',
      url: 'https://pay.example.com/checkout',
      message: 'Pay on the secure page',
      elicitationId: first.elicitationId,
    });
    expect(first.action).toBe('accept');
    expect(first.content()).toBeUndefined();
    expect(first.elicitationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.action).toBe('decline');
    expect(second.elicitationId).not.toBe(first.elicitationId);
  });
});

describe('PushInputChannel: what initialize did not negotiate is never sent', () => {
  const url = () => ElicitRequestParams.url('https://example.com/connect', 'Connect');

  it.each([
    [
      'no elicitation capability, form',
      '2025-11-25',
      {},
      'form',
      { elicitation: { form: {} } },
      /did not declare the elicitation capability/,
    ],
    [
      'no elicitation capability, URL',
      '2025-11-25',
      { sampling: {} },
      'url',
      { elicitation: { url: {} } },
      /did not declare the elicitation capability/,
    ],
    [
      'form-only client, URL',
      '2025-11-25',
      { elicitation: { form: {} } },
      'url',
      { elicitation: { url: {} } },
      /did not declare URL-mode/,
    ],
    [
      'bare {} client, URL',
      '2025-11-25',
      { elicitation: {} },
      'url',
      { elicitation: { url: {} } },
      /did not declare URL-mode/,
    ],
    [
      'URL-only client, form',
      '2025-11-25',
      { elicitation: { url: {} } },
      'form',
      { elicitation: { form: {} } },
      /only URL-mode/,
    ],
    [
      '2025-06-18 client, URL',
      '2025-06-18',
      BOTH_MODES,
      'url',
      { elicitation: { url: {} } },
      /URL-mode elicitation needs protocol 2025-11-25/,
    ],
    [
      '2025-06-18 client without elicitation, form',
      '2025-06-18',
      {},
      'form',
      { elicitation: {} },
      /did not declare the elicitation capability/,
    ],
    [
      '2025-03-26 client, form',
      '2025-03-26',
      BOTH_MODES,
      'form',
      { elicitation: {} },
      /needs protocol 2025-06-18 or later/,
    ],
  ] as const)(
    '%s: -32021 with a clear message',
    async (_case, version, capabilities, mode, required, message) => {
      const peer = new FakePeer([{ action: 'accept', content: { name: 'Ada', age: 1 } }]);
      const question = mode === 'url' ? url() : contactForm();

      const asking = channel(peer, version, capabilities as Record<string, unknown>).elicit(
        undefined,
        question,
        {},
      );

      await expect(asking).rejects.toBeInstanceOf(MissingCapabilityError);
      await expect(asking).rejects.toMatchObject({
        rpcCode: -32021,
        message: expect.stringMatching(message),
      });
      await expect(asking).rejects.toMatchObject({ data: { requiredCapabilities: required } });
      expect(peer.sent).toHaveLength(0);
    },
  );
});

describe('PushInputChannel: timeouts', () => {
  it('uses the per-call timeout over the app default', async () => {
    const peer = new FakePeer([{ action: 'decline' }, { action: 'decline' }]);
    const push = channel(peer, '2025-11-25', BOTH_MODES, { defaultTimeoutMs: 45_000 });

    await push.elicit(undefined, contactForm(), {});
    await push.elicit(undefined, contactForm(), { timeoutMs: 250 });

    expect(peer.sent.map((entry) => entry.options.timeoutMs)).toStrictEqual([45_000, 250]);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])(
    'rejects timeoutMs %p before sending',
    async (timeoutMs) => {
      const peer = new FakePeer([{ action: 'decline' }]);

      await expect(channel(peer).elicit(undefined, contactForm(), { timeoutMs })).rejects.toThrow(RangeError);
      expect(peer.sent).toHaveLength(0);
    },
  );
});

describe('PushInputChannel: memo and once within one execution', () => {
  it('computes a memo once per key', async () => {
    const push = channel(new FakePeer());
    let runs = 0;

    const first = await push.memo('quote', () => ++runs);
    const second = await push.memo('quote', () => ++runs);

    expect([first, second, runs]).toStrictEqual([1, 1, 1]);
  });

  it('runs a once effect at most once per key, through the store, scoped to the execution', async () => {
    const store = new MemoryStateStore();
    const onceRecorder = onceRecorderOn(store);
    const push = channel(new FakePeer(), '2025-11-25', BOTH_MODES, { onceRecorder });
    const other = channel(new FakePeer(), '2025-11-25', BOTH_MODES, { onceRecorder });
    let charges = 0;

    const first = await push.once('charge', () => `ch_${++charges}`);
    const again = await push.once('charge', () => `ch_${++charges}`);
    const elsewhere = await other.once('charge', () => `ch_${++charges}`);

    expect([first, again, elsewhere]).toStrictEqual(['ch_1', 'ch_1', 'ch_2']);
    expect(charges).toBe(2);
  });

  it('hands each once effect an idempotency key, stable for the call and the key', async () => {
    const push = channel(new FakePeer(), '2025-11-25', BOTH_MODES);
    const keys: string[] = [];
    await push.once('charge', ({ idempotencyKey }) => keys.push(idempotencyKey));
    await push.once('refund', ({ idempotencyKey }) => keys.push(idempotencyKey));
    const other = channel(new FakePeer(), '2025-11-25', BOTH_MODES);
    await other.once('charge', ({ idempotencyKey }) => keys.push(idempotencyKey));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^elicitor-[A-Za-z0-9_-]{22}-charge$/);
    expect(keys[1]!.replace(/-refund$/, '')).toBe(keys[0]!.replace(/-charge$/, ''));
    expect(keys[2]).not.toBe(keys[0]);
  });
});
