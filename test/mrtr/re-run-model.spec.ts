import 'reflect-metadata';
import { TestClient, accept } from 'elicitor/testing';
import { BeyondTools, calls, resetCalls } from './beyond-tools.fixture.js';

const logged: string[] = [];
const logger = {
  info: () => {},
  warn: (message: string) => logged.push(message),
  error: (message: string, error?: unknown) => logged.push(`${message}: ${(error as Error)?.message}`),
};

describe('the re-run model beyond the happy path', () => {
  let client: TestClient;
  beforeEach(async () => {
    resetCalls();
    logged.length = 0;
    BeyondTools.failMemo = BeyondTools.failOnce = BeyondTools.failCommit = false;
    client = await TestClient.create({ tools: [BeyondTools], logger });
  });
  afterEach(() => client.close());

  it('runs prompts/get through rounds', async () => {
    const run = await client.getPrompt('briefing', {}, { answers: { topic: accept({ topic: 'tides' }) } });
    expect(run.rounds).toHaveLength(2);
    expect(run.result?.messages).toStrictEqual([
      { role: 'user', content: { type: 'text', text: 'Brief me on tides' } },
    ]);
  });

  it('runs resources/read through rounds, binding the state to the URI', async () => {
    const run = await client.readResource('notes://42', { answers: { unlock: accept({ ok: true }) } });
    expect(run.result?.contents).toStrictEqual([
      { uri: 'notes://42', mimeType: 'text/plain', text: 'note notes://42' },
    ]);
    expect(run.result?.ttlMs).toBe(0);
  });

  it('replays sampling and roots answers by key', async () => {
    const run = await client.callTool(
      'research',
      {},
      {
        answers: {
          capital: {
            role: 'assistant',
            content: { type: 'text', text: 'Paris' },
            model: 'm',
            stopReason: 'endTurn',
          },
          roots: { roots: [{ uri: 'file:///work', name: 'work' }] },
        },
      },
    );
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.method))).toStrictEqual([
      ['sampling/createMessage'],
      ['roots/list'],
      [],
    ]);
    expect(run.text).toBe('Paris / file:///work');
  });

  it('refuses sampling with -32021 when the client did not declare it', async () => {
    const run = await client.callTool('research', {}, { capabilities: { elicitation: {} } });
    expect(run.error).toStrictEqual({
      code: -32021,
      message: 'Server requires the sampling capability for this request',
      data: { requiredCapabilities: { sampling: {} } },
    });
    expect(run.status).toBe(400);
  });

  it('turns UrlElicitationRequiredError into a URL-mode input request (never -32042)', async () => {
    const { body } = await client.request('tools/call', { name: 'connect', arguments: {} });
    expect(body.error).toBeUndefined();
    expect((body.result as Record<string, unknown>).inputRequests).toStrictEqual({
      oauth: {
        method: 'elicitation/create',
        params: { mode: 'url', url: 'https://example.com/oauth', message: 'Sign in' },
      },
    });
  });

  it('does not cache a failing memo or record a failing once', async () => {
    BeyondTools.failMemo = true;
    const failed = await client.callTool('effects');
    expect(failed.result?.isError).toBe(true);
    BeyondTools.failMemo = false;
    BeyondTools.failOnce = true;
    const onceFailed = await client.callTool('effects');
    expect(onceFailed.text).toBe('once failed');
    BeyondTools.failOnce = false;
    const run = await client.callTool('effects', {}, { answers: { go: accept({ go: true }) } });
    expect(run.text).toBe('done');
    expect(calls).toStrictEqual({ memo: 3, once: 2, commits: 1, handler: 4 });
  });

  it('commits nothing when the final result is an error', async () => {
    const run = await client.callTool('effects', {}, { answers: { go: accept({ go: false }) } });
    expect(run.result?.isError).toBe(true);
    expect(calls.commits).toBe(0);
    expect(calls.once).toBe(1);
  });

  it('makes a failing commit the call error', async () => {
    BeyondTools.failCommit = true;
    const run = await client.callTool('effects', {}, { answers: { go: accept({ go: true }) } });
    expect(run.result?.isError).toBe(true);
    expect(run.text).toBe('commit failed');
  });

  it('makes a keyless elicit on a modern request a clear developer error', async () => {
    const run = await client.callTool('keyless');
    expect(run.result?.isError).toBe(true);
    expect(logged.join('\n')).toMatch(/needs a replay key/);
  });

  it('warns when a catch block swallows the input-required signal', async () => {
    const swallowed = await client.callTool('careless', {}, { capabilities: { elicitation: {} } });
    expect(swallowed.text).toBe('swallowed');
    expect(logged.join('\n')).toMatch(/swallowed the input-required signal/);
    const rethrown = await client.callTool('careless', {}, { answers: { q: accept({ a: 'x' }) } });
    expect(rethrown.text).toBe('answered');
  });

  it('lets a handler check the modes of this request before asking', async () => {
    const formOnly = await client.callTool('adaptive', {}, { capabilities: { elicitation: { form: {} } } });
    expect(formOnly.text).toBe('Pay at the counter instead.');
    const withUrl = await client.callTool('adaptive', {}, { answers: { pay: { action: 'accept' } } });
    expect(withUrl.text).toBe('payment accept');
  });
});
