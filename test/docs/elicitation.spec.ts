import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { TestClient, accept, decline } from 'elicitor/testing';
import { AccountTools } from '../../docs/snippets/elicitation/account.tools.js';
import { Accounts } from '../../docs/snippets/elicitation/accounts.service.js';
import { CleanupTools, Disk } from '../../docs/snippets/elicitation/cleanup.tools.js';
import { NOTE_TIMEOUT_MS, NoteTools } from '../../docs/snippets/elicitation/note.tools.js';
import { SecurityTools } from '../../docs/snippets/elicitation/security.tools.js';
import { ShopModule, shopOptions } from '../../docs/snippets/elicitation/shop.module.js';
import { Mailer, Payments, Quotes } from '../../docs/snippets/elicitation/shop.services.js';
import { TripTools } from '../../docs/snippets/elicitation/trip.tools.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';
import { sameJson, snippetJson } from './support/snippet-files.js';

const quiet = { info() {}, warn() {}, error() {} };
const ORDER = { item: 'gadget', quantity: 2 };
const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('Elicitation guide: the re-run model', () => {
  let client: TestClient;
  const effects = () => ({
    quotes: client.app!.get(Quotes).computed,
    charges: client.app!.get(Payments).charges,
    receipts: client.app!.get(Mailer).receipts.length,
  });
  beforeEach(async () => {
    client = await TestClient.create(ShopModule, shopOptions);
  });
  afterEach(() => client.close());

  it('runs place_order in three rounds with one quote, one charge and one receipt', async () => {
    const run = await client.callTool('place_order', ORDER, {
      answers: { delivery: accept(ADA), confirm: accept({ confirm: true }) },
    });
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual([
      ['delivery'],
      ['confirm'],
      [],
    ]);
    expect(run.text).toBe('Order ch_1 placed: 2 × gadget for Ada Lovelace.');
    expect(effects()).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  it('returns the input_required result shown in the guide', async () => {
    const { status, body } = await client.request('tools/call', { name: 'place_order', arguments: ORDER });
    const result = body.result as Record<string, unknown>;
    expect(status).toBe(200);
    expect(result.requestState).toMatch(/^v1\.[\w-]{6}\.[\w-]+$/);
    sameJson(
      { ...result, requestState: 'v1.<key id>.<sealed: opaque to the client>' },
      snippetJson('elicitation/input-required.result.json'),
    );
  });

  it('accepts the retry shown in the guide and moves on to the next question', async () => {
    const first = (await client.request('tools/call', { name: 'place_order', arguments: ORDER })).body
      .result as {
      requestState: string;
    };
    const retry = {
      ...snippetJson<Record<string, unknown>>('elicitation/retry.params.json'),
      requestState: first.requestState,
    };
    const second = (await client.request('tools/call', retry)).body.result as Record<string, unknown>;
    expect(second.resultType).toBe('input_required');
    expect(Object.keys(second.inputRequests as object)).toStrictEqual(['confirm']);
    expect(effects()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });

  it('runs no charge and no commit when the user declines the confirmation', async () => {
    const run = await client.callTool('place_order', ORDER, {
      answers: { delivery: accept(ADA), confirm: decline() },
    });
    expect(run.text).toBe('Order not placed.');
    expect(effects()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });
});

describe('Elicitation guide: answers are pinned to the exact question', () => {
  @Tools()
  class Wizard {
    static firstQuestion = 'Your name?';
    @Tool({ description: 'Two questions' })
    async wizard(@Ctx() ctx: Context): Promise<string> {
      const name = await ctx.elicit(
        'name',
        ElicitRequestParams.form(Wizard.firstQuestion).withRequired('name', 'string'),
      );
      const city = await ctx.elicit(
        'city',
        ElicitRequestParams.form('Your city?').withRequired('city', 'string'),
      );
      return `${String(name.content()?.name)} from ${String(city.content()?.city)}`;
    }
  }

  it('asks a settled question again when a redeploy changed it, with a warning', async () => {
    const warnings: string[] = [];
    const client = await TestClient.create({
      tools: [Wizard],
      logger: { ...quiet, warn: (message: string) => warnings.push(message) },
    });
    const call = async (extra: Record<string, unknown> = {}) =>
      (await client.request('tools/call', { name: 'wizard', arguments: {}, ...extra })).body.result as {
        requestState: string;
        inputRequests?: Record<string, unknown>;
      };
    const first = await call();
    const second = await call({
      requestState: first.requestState,
      inputResponses: { name: accept({ name: 'Ada' }) },
    });
    expect(Object.keys(second.inputRequests!)).toStrictEqual(['city']);
    Wizard.firstQuestion = 'Your full name?'; // the new version of the server asks differently
    const third = await call({
      requestState: second.requestState,
      inputResponses: { city: accept({ city: 'London' }) },
    });
    expect(Object.keys(third.inputRequests!)).toStrictEqual(['name']);
    expect(warnings).toStrictEqual([
      'the question under "name" changed after the client answered it, so it is asked again; if it changes in every round, compute what varies inside ctx.memo',
    ]);
    await client.close();
  });
});

describe('Elicitation guide: several questions in one round', () => {
  it('sends both questions in the first round', async () => {
    const client = await TestClient.create({ tools: [TripTools] });
    const run = await client.callTool(
      'plan_trip',
      {},
      {
        answers: {
          dates: accept({ departure: '2026-09-01', nights: 3 }),
          destination: accept({ city: 'Lisbon' }),
        },
      },
    );
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual([
      ['dates', 'destination'],
      [],
    ]);
    expect(run.text).toBe('3 nights in Lisbon from 2026-09-01.');
    await client.close();
  });
});

describe('Elicitation guide: try/catch around ctx.elicit', () => {
  let client: TestClient;
  beforeEach(async () => {
    client = await TestClient.create({ tools: [AccountTools], providers: [Accounts] });
  });
  afterEach(() => client.close());

  it('lets the input-required signal through, so the question reaches the client', async () => {
    const run = await client.callTool('find_account', {}, { answers: { account: accept({ id: 'acc-1' }) } });
    expect(run.rounds[0]!.resultType).toBe('input_required');
    expect(run.text).toBe('acc-1 belongs to Ada Lovelace');
  });

  it('still turns real failures into a friendly message', async () => {
    const run = await client.callTool('find_account', {}, { answers: { account: accept({ id: 'acc-9' }) } });
    expect(run.text).toBe('Could not look the account up: no account acc-9');
  });
});

describe('Elicitation guide: capabilities and allows()', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create({ tools: [SecurityTools] });
  });
  afterAll(() => client.close());

  it('does not ask a client that declared no elicitation', async () => {
    const run = await client.callTool('enable_two_factor', {}, { capabilities: {} });
    expect(run.text).toBe('Visit https://example.com/security to turn on two-factor sign-in.');
  });

  it('sends a URL-mode question when the client allows it', async () => {
    const run = await client.callTool(
      'enable_two_factor',
      {},
      { answers: { 'qr-page': { action: 'accept' } } },
    );
    expect(run.rounds[0]!.inputRequests[0]!.params).toStrictEqual({
      mode: 'url',
      url: 'https://example.com/security/2fa',
      message: 'Scan the QR code on this page',
    });
    expect(run.text).toBe('Finish the setup on the page.');
  });

  it.each([
    ['form only', { elicitation: { form: {} } }],
    ['an empty elicitation object (form only)', { elicitation: {} }],
  ])('falls back to a form for a client with %s', async (_label, capabilities) => {
    const run = await client.callTool(
      'enable_two_factor',
      {},
      { capabilities, answers: { code: accept({ code: '123456' }) } },
    );
    expect(run.rounds[0]!.inputRequests.map((request) => request.key)).toStrictEqual(['code']);
    expect(run.text).toBe('Two-factor sign-in is on.');
  });
});

describe('Elicitation guide: one handler on both eras, with a timeout on the push model', () => {
  const noteApp = (timeoutMs: number) => ({
    name: 'notes',
    version: '1.0.0',
    tools: [NoteTools],
    providers: [{ provide: NOTE_TIMEOUT_MS, useValue: timeoutMs }],
    logger: quiet,
  });

  it('replays the keyed answer on 2026-07-28', async () => {
    const client = await TestClient.create(noteApp(30_000));
    const run = await client.callTool('add_note', {}, { answers: { note: accept({ note: 'hi' }) } });
    expect(run.text).toBe('Noted: hi');
    await client.close();
  });

  describe('on 2025-11-25, over HTTP', () => {
    let app: ElicitorApp;
    let url: string;
    let client: Client | undefined;
    let release = () => {};
    beforeEach(async () => {
      ({ app, url } = await startHttpApp(noteApp(200)));
    });
    afterEach(async () => {
      release();
      await client?.close();
      await app.close();
    });
    const connect = async (
      onElicit: (
        params: Record<string, unknown>,
      ) => Promise<Record<string, unknown>> | Record<string, unknown>,
    ) => {
      client = await connectHttp(officialClient({ era: 'legacy', onElicit }), url);
      return client;
    };

    it('pushes the question and waits for the answer', async () => {
      const result = await (
        await connect(() => ({ action: 'accept', content: { note: 'pushed' } }))
      ).callTool({
        name: 'add_note',
        arguments: {},
      });
      expect(textOf(result)).toBe('Noted: pushed');
    });

    it('ends the wait with RequestTimeoutError, which the handler turns into a message', async () => {
      const late = new Promise<Record<string, unknown>>((resolve) => {
        release = () => resolve({ action: 'accept', content: { note: 'too late' } });
      });
      const result = await (await connect(() => late)).callTool({ name: 'add_note', arguments: {} });
      expect(textOf(result)).toBe('No answer within 200 ms, so nothing was noted.');
    });
  });
});

describe('Elicitation guide: choices known only at run time', () => {
  it('asks with the files found and deletes only offered files, re-asking on one that was not offered', async () => {
    const client = await TestClient.create({ tools: [CleanupTools], providers: [Disk], logger: quiet });
    const answers = [{ files: ['notes.txt'] }, { files: ['old.log'] }];
    const run = await client.callTool('clean_up', {}, { answers: { pick: () => accept(answers.shift()!) } });
    expect(run.rounds[0]!.inputRequests[0]!.params.requestedSchema).toStrictEqual({
      type: 'object',
      properties: {
        files: {
          type: 'array',
          title: 'Files to delete',
          items: { type: 'string', enum: ['old.log', 'core.dump'] },
          minItems: 1,
        },
      },
      required: ['files'],
    });
    expect(run.error).toBeUndefined();
    expect(String(run.rounds[1]!.inputRequests[0]!.params.message)).toContain(
      'Your previous answer was not accepted',
    );
    expect(run.text).toBe('Deleted old.log.');
    expect(client.app!.get(Disk).files).toStrictEqual(['core.dump', 'notes.txt']);
    await client.close();
  });
});
