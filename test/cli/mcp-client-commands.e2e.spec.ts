import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CallAction, type CallActionOptions } from '../../src/cli/actions/call.action.js';
import { InspectAction } from '../../src/cli/actions/inspect.action.js';
import type { PromptKit } from '../../src/cli/client/elicitation/prompt-kit.adapter.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { SilentSpinner } from '../../src/cli/shared/terminal-spinner.js';
import { FIXTURES_DIR } from './fixture-file.helper.js';

// `elicitor call` and `inspect` against a small server built on the official SDK:
// stdio on both eras, Streamable HTTP on the modern one.
const serverScript = join(FIXTURES_DIR, 'servers', 'elicit-server.mjs');
const stdioServer = `${JSON.stringify(process.execPath)} ${JSON.stringify(serverScript)}`;
const workDir = mkdtempSync(join(tmpdir(), 'elicitor-call-'));

function answersFile(name: string, content: unknown): string {
  const path = join(workDir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

async function call(
  options: Partial<CallActionOptions> & { server: string; tool: string },
  prompts?: PromptKit,
) {
  const output = new CapturedOutput();
  const action = new CallAction({
    output,
    spinner: new SilentSpinner(),
    prompts: () => {
      if (!prompts) throw new Error('this spec does not expect terminal prompts');
      return prompts;
    },
    interactive: prompts !== undefined,
    clientVersion: '0.0.0-test',
    serverStderr: 'ignore',
  });
  const exitCode = await action.handle({ era: 'auto', timeout: 30, header: [], json: false, ...options });
  return { exitCode, output };
}

const bookAnswers = {
  byField: { email: 'ada@example.com', date: '2026-09-01', seating: 'Terrace', extras: 'cake' },
  url: 'accept',
};

const bookTranscript = [
  '[1] form: Booking in Paris: your details?',
  '    email "Email": text (email), required',
  '    date: text (date), required',
  '    partySize: integer 1..12, required',
  '    seating: one of Inside | Terrace, required',
  '    extras: any of cake | flowers, <= 2 items, optional',
  '    newsletter: yes/no, optional',
  '    -> accept {"email":"ada@example.com","date":"2026-09-01","partySize":2,"seating":"out","extras":["cake"]}  (byField)',
  '[2] url: Pay the deposit',
  '    url: https://pay.example.com/deposit?b=1',
  '    domain: pay.example.com',
  '    -> accept  (url)',
  'Booking accept',
  'structuredContent:',
];

describe.each([
  ['modern', '2026-07-28'],
  ['legacy', '2025-11-25'],
] as const)('elicitor call over stdio, %s era', (era, protocolVersion) => {
  it('answers a form from the answers list and prints the transcript and result', async () => {
    const answers = answersFile(`greet-${era}.json`, [{ action: 'accept', content: { name: 'Ada' } }]);
    const { exitCode, output } = await call({ server: stdioServer, tool: 'greet', era, answers });
    expect(exitCode).toBe(0);
    expect(output.errLines).toContain(
      `Connected to elicit-fixture 1.2.3, ${era} era (protocol ${protocolVersion})`,
    );
    expect(output.outLines).toStrictEqual([
      '[1] form: What is your name?',
      '    name: text, >= 1 chars, required',
      '    -> accept {"name":"Ada"}  (answers[0])',
      'Hello, Ada!',
    ]);
  });

  it('fills a form by field and consents to a URL in the same round', async () => {
    const answers = answersFile(`book-${era}.json`, bookAnswers);
    const { exitCode, output } = await call({
      server: stdioServer,
      tool: 'book',
      era,
      answers,
      args: '{"city":"Paris"}',
    });
    expect(exitCode).toBe(0);
    expect(output.outLines.slice(0, bookTranscript.length)).toStrictEqual(bookTranscript);
    expect(JSON.parse(output.outLines.slice(bookTranscript.length).join('\n'))).toStrictEqual({
      city: 'Paris',
      details: 'accept',
      content: {
        email: 'ada@example.com',
        date: '2026-09-01',
        partySize: 2,
        seating: 'out',
        extras: ['cake'],
      },
      payment: 'accept',
    });
  });
});

describe('elicitor call', () => {
  it('drives the terminal widgets when there is no answers file', async () => {
    const replies: unknown[] = ['accept', 'Grace'];
    const prompts = {
      select: async () => replies.shift(),
      input: async () => replies.shift(),
    } as unknown as PromptKit;
    const { output } = await call({ server: stdioServer, tool: 'greet', era: 'modern' }, prompts);
    expect(output.outLines).toContain('Hello, Grace!');
    expect(output.errLines).toContain('Question 1 from the server:');
  });

  it('asks the questions of one round one at a time', async () => {
    let active = 0;
    let mostActive = 0;
    const ask = async <T>(value: T): Promise<T> => {
      mostActive = Math.max(mostActive, ++active);
      await new Promise((done) => setTimeout(done, 20));
      active--;
      return value;
    };
    const prompts = {
      select: async ({ message }: { message: string }) => ask(message === 'seating' ? 'in' : 'accept'),
      input: async ({ message }: { message: string }) =>
        ask(message === 'Email' ? 'ada@example.com' : '2026-09-01'),
      number: async () => ask(3),
      checkbox: async () => ask(['cake']),
      confirm: async () => ask(true),
    } as unknown as PromptKit;

    const { exitCode, output } = await call(
      { server: stdioServer, tool: 'book', era: 'modern', args: '{"city":"Oslo"}' },
      prompts,
    );

    expect(exitCode).toBe(0);
    expect(mostActive).toBe(1);
    expect(output.outLines).toContain(
      '    -> accept {"email":"ada@example.com","date":"2026-09-01","partySize":3,"seating":"in","extras":["cake"],"newsletter":true}',
    );
    expect(output.outLines).toContain('[2] url: Pay the deposit');
    expect(output.errLines).toContain(
      'Open https://pay.example.com/deposit?b=1 in your browser, then come back here.',
    );
  });

  it('cancels with a warning when nothing can answer', async () => {
    const { exitCode, output } = await call({ server: stdioServer, tool: 'greet' });
    expect(exitCode).toBe(0);
    expect(output.outLines).toStrictEqual([
      '[1] form: What is your name?',
      '    name: text, >= 1 chars, required',
      '    -> cancel  (no terminal)',
      '    warning: question 1 cannot be asked: stdin is not a terminal; pass --answers <file> (sent cancel)',
      'No name (cancel)',
    ]);
  });

  it('exits 1 on an isError result', async () => {
    const { exitCode, output } = await call({ server: stdioServer, tool: 'explode', era: 'legacy' });
    expect(exitCode).toBe(1);
    expect(output.outLines).toStrictEqual(['The tool returned an error:', 'It blew up']);
  });

  it('names the tools a server has when the tool is unknown', async () => {
    await expect(call({ server: stdioServer, tool: 'nope', era: 'legacy' })).rejects.toThrow(
      'The server has no tool "nope". Its tools: greet, book, explode',
    );
  });

  it('reports a server that does not start as a connection error', async () => {
    await expect(
      call({
        server: `${JSON.stringify(process.execPath)} -e "process.exit(3)"`,
        tool: 'greet',
        era: 'legacy',
      }),
    ).rejects.toThrow(/^Could not connect to .* -e process\.exit\(3\): /);
  });
});

describe('over Streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    server = spawn(process.execPath, [serverScript, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(match[1]);
      });
      server.on('exit', (code) => reject(new Error(`fixture server exited with ${code}`)));
    });
    url = `http://127.0.0.1:${port}/mcp`;
  });

  afterAll(() => {
    server.kill();
  });

  it('calls a tool on the modern era and prints the raw result with --json', async () => {
    const answers = answersFile('greet-http.json', { byField: { name: 'Ada' } });
    const { exitCode, output } = await call({ server: url, tool: 'greet', answers, json: true });
    expect(exitCode).toBe(0);
    expect(output.errLines).toContain('Connected to elicit-fixture 1.2.3, modern era (protocol 2026-07-28)');
    expect(output.errLines).toContain('    -> accept {"name":"Ada"}  (byField)');
    expect(JSON.parse(output.stdout).content).toStrictEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('lists the tools with their arguments', async () => {
    const output = new CapturedOutput();
    const action = new InspectAction({ output, spinner: new SilentSpinner(), clientVersion: '0.0.0-test' });
    expect(await action.handle({ server: url, era: 'auto', header: [], json: false })).toBe(0);
    expect(output.outLines.slice(0, 12)).toStrictEqual([
      'elicit-fixture 1.2.3, modern era (protocol 2026-07-28)',
      '',
      '3 tools',
      '',
      'greet',
      '  Asks for a name, then greets',
      '  arguments: none',
      '',
      'book',
      '  Books a table: asks for details and payment consent in one round',
      '  arguments:',
      '    city  string, required - Where to eat',
    ]);
  });

  it('prints the server and tools as JSON with --json', async () => {
    const output = new CapturedOutput();
    const action = new InspectAction({ output, spinner: new SilentSpinner(), clientVersion: '0.0.0-test' });
    await action.handle({ server: url, era: 'modern', header: ['X-Test: 1'], json: true });
    const listing = JSON.parse(output.stdout);
    expect(listing.server).toStrictEqual({
      name: 'elicit-fixture',
      version: '1.2.3',
      era: 'modern',
      protocolVersion: '2026-07-28',
    });
    expect(listing.tools.map((tool: { name: string }) => tool.name)).toStrictEqual([
      'greet',
      'book',
      'explode',
    ]);
  });
});
