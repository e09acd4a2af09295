import 'reflect-metadata';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import winston from 'winston';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { TestClient } from '../testing/test-client.js';
import { adaptLogger } from './logger.adapter.js';
import { pinoLogger } from './pino-logger.adapter.js';

/** Collects what a logger writes, one JSON object a line. */
class Lines extends Writable {
  readonly text: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get entries(): Array<Record<string, unknown>> {
    return this.text.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

function failure(): Error {
  return new Error('disk full');
}

@Tools()
class Broken {
  @Tool({ description: 'always fails' })
  explode(): string {
    throw failure();
  }
}

describe('logger adapters keep error stacks', () => {
  it('pino, as given: the unexpected error of a tool is logged with its stack', async () => {
    const out = new Lines();
    const client = await TestClient.create({ name: 'log', version: '1', tools: [Broken], logger: pino(out) });
    const run = await client.callTool('explode');
    await client.close();

    expect(run.result?.isError).toBe(true);
    const entry = out.entries.find((line) => line.msg === 'tool explode failed');
    expect(entry).toMatchObject({ level: 50, err: { type: 'Error', message: 'disk full' } });
    expect((entry!.err as { stack: string }).stack).toContain('at failure');
  });

  it('pino through pinoLogger(): the same entry', () => {
    const out = new Lines();
    pinoLogger(pino(out)).error('commit failed', failure());
    expect(out.entries[0]).toMatchObject({ msg: 'commit failed', err: { message: 'disk full' } });
    expect((out.entries[0]!.err as { stack: string }).stack).toContain('at failure');
  });

  it('winston with its json format: message, error and stack are fields of the entry', async () => {
    const out = new Lines();
    const logger = winston.createLogger({
      format: winston.format.json(),
      transports: [new winston.transports.Stream({ stream: out })],
    });
    const client = await TestClient.create({ name: 'log', version: '1', tools: [Broken], logger });
    await client.callTool('explode');
    await client.close();

    const entry = out.entries.find((line) => line.message === 'tool explode failed');
    expect(entry).toMatchObject({ level: 'error', error: 'Error: disk full' });
    expect(entry!.stack).toContain('at failure');
  });

  it('leaves a console-shaped logger as it is: console.error prints the stack itself', () => {
    const written: unknown[][] = [];
    const consoleShaped = {
      info: (...args: unknown[]) => written.push(args),
      warn: (...args: unknown[]) => written.push(args),
      error: (...args: unknown[]) => written.push(args),
    };
    expect(adaptLogger(consoleShaped)).toBe(consoleShaped);
    expect(adaptLogger(console)).toBe(console);
  });

  it('passes info and warn through unchanged', () => {
    const out = new Lines();
    const logger = adaptLogger(pino(out));
    logger.info('listening');
    logger.warn('no key configured');
    expect(out.entries.map((line) => [line.level, line.msg])).toStrictEqual([
      [30, 'listening'],
      [40, 'no key configured'],
    ]);
  });
});
