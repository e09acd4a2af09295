import 'reflect-metadata';
import { Writable } from 'node:stream';
import { TestClient } from 'elicitor/testing';
import { createApp } from '../../docs/snippets/observability/pino-logger.js';
import { snippetJson } from './support/snippet-files.js';

/** Collects pino's output, one JSON entry a line. */
class JsonLines extends Writable {
  readonly entries: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.entries.push(JSON.parse(line));
    done();
  }
}

describe('Observability guide: logging with pino', () => {
  it('logs a failed tool with its stack, as the guide shows', async () => {
    const out = new JsonLines();
    const app = await createApp(out);
    const client = TestClient.forApp(app);
    const run = await client.callTool('reserve_stock', { sku: 'broken' });
    await app.close();

    expect(run.result?.isError).toBe(true);
    const entry = out.entries.find((line) => line.msg === 'tool reserve_stock failed')!;
    const { time: _time, pid: _pid, hostname: _hostname, ...shown } = entry;
    const err = shown.err as { stack: string };
    // The guide shows the stack's first two lines, without the file position.
    err.stack = err.stack
      .split('\n')
      .slice(0, 2)
      .join('\n')
      .replace(/ \(.*\)$/, ' (…)');
    expect(shown).toEqual(snippetJson('observability/tool-failed.log.json'));
  });
});
