import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import { TestClient, accept, testKeyringSecret } from 'elicitor/testing';
import { greetingSuite } from '../../docs/snippets/getting-started/greeting.suite.js';
import { AppModule } from '../../docs/snippets/getting-started/app.module.js';
import { startServer } from '../../docs/snippets/getting-started/server.js';
import { NameForm, ZodGreetingTools } from '../../docs/snippets/getting-started/greeting-zod.tools.js';
import { snippetJson } from './support/snippet-files.js';
import { runCli } from '../../src/cli/commands/cli.runner.js';
import type { CliHandlers } from '../../src/cli/commands/cli-handlers.types.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';

describe('Getting started', () => {
  greetingSuite();

  it('startServer() serves HTTP on $PORT at /mcp', async () => {
    const previous = process.env.PORT;
    process.env.PORT = '0';
    process.env.ELICITOR_STATE_KEYS = testKeyringSecret;
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { app, url } = await startServer(['node', 'main.js']);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(log).toHaveBeenCalledWith(`hello is listening on ${url}`);
      const run = await TestClient.forUrl(url!).callTool(
        'greet',
        {},
        { answers: { name: accept({ name: 'Grace' }) } },
      );
      expect(run.text).toBe('Hello, Grace!');
      await app.close();
    } finally {
      log.mockRestore();
      delete process.env.ELICITOR_STATE_KEYS;
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
  });

  it('greets with the Zod variant: the default argument, then the typed answer', async () => {
    const client = await TestClient.create({
      name: 'hello-zod',
      version: '1.0.0',
      tools: [ZodGreetingTools],
      forms: [NameForm],
    });
    const run = await client.callTool('greet', {}, { answers: { name: accept({ name: 'Grace' }) } });
    expect(run.text).toBe('Hello, Grace!');
    const refused = await client.callTool('greet', { greeting: 7 });
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toMatch(/^Invalid arguments: greeting \(invalid_type\)/);
    await client.close();
  });

  it('greets a client that cannot be asked without asking', async () => {
    const client = await TestClient.create(AppModule);
    const run = await client.callTool('greet', {}, { capabilities: {} });
    expect(run.rounds).toHaveLength(1);
    expect(run.text).toBe('Hello, stranger!');
    await client.close();
  });

  it('shows a tsconfig with the decorator settings the samples use', () => {
    const shown = snippetJson<{ compilerOptions: Record<string, unknown> }>(
      'getting-started/tsconfig.json',
    ).compilerOptions;
    const root = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    for (const option of [
      'experimentalDecorators',
      'emitDecoratorMetadata',
      'module',
      'moduleResolution',
      'strict',
    ]) {
      expect([option, shown[option]]).toStrictEqual([option, root.compilerOptions[option]]);
    }
  });

  it('starts with commands that work while elicitor is unpublished: the CLI of a checkout build', async () => {
    const guide = readFileSync('docs/getting-started.md', 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(guide)![1]!;
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands[0]).toBe('npm ci && npm run build');
    expect(commands.some((command) => command.includes('npx elicitor'))).toBe(false);

    const cli = commands.find((command) => command.startsWith('node dist/cli/main.js '))!;
    const calls: unknown[] = [];
    const record = async (options: unknown): Promise<number> => (calls.push(options), 0);
    const handlers = Object.fromEntries(
      ['newProject', 'generate', 'call', 'inspect', 'forms', 'build'].map((name) => [name, record]),
    ) as unknown as CliHandlers;
    const args = cli.split(/\s+/).slice(2);
    expect(await runCli(args, handlers, '0.0.0', new CapturedOutput())).toBe(0);
    expect(calls).toStrictEqual([expect.objectContaining({ name: 'hello', directory: '../hello' })]);
    expect(JSON.parse(readFileSync('package.json', 'utf8')).bin.elicitor).toBe('./dist/cli/main.js');
  });
});
