import 'reflect-metadata';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { withModernMeta } from 'elicitor/testing';
import { ChargeTools } from './wire-fuzz.tools.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  applyEdit,
  applyTextEdit,
  bodyText,
  faultOf,
  structureEdit,
  textEdit,
} from './wire-fuzz.support.js';

type Message = Record<string, unknown>;

/** One stdio connection on a stream pair: lines in, every message out in the order written. */
async function stdioConnection(): Promise<{
  app: ElicitorApp;
  send: (line: string) => void;
  until: (id: string) => Promise<Message[]>;
}> {
  const input = new PassThrough();
  const output = new PassThrough();
  const app = await Elicitor.create({
    name: 'stdio-fuzz',
    version: '1',
    tools: [ChargeTools],
    logger: { info() {}, warn() {}, error() {} },
  });
  await app.listen({ stdio: { input, output } });
  const received: Message[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      received.push(JSON.parse(buffered.slice(0, end)) as Message);
      buffered = buffered.slice(end + 1);
    }
  });
  /** Every message written up to and including the reply to `id`. */
  const until = async (id: string): Promise<Message[]> => {
    for (let attempt = 0; attempt < 500; attempt++) {
      const index = received.findIndex((message) => message.id === id);
      if (index >= 0) return received.splice(0, index + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`no reply with id ${id}`);
  };
  return { app, send: (line) => input.write(`${line}\n`), until };
}

const quote = (id: string | number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'quote', arguments: { amount: 5 } },
});

/** What each era's client sends on an open connection, none of which asks anything. */
const CORPUS: Record<'modern' | 'legacy', Message[]> = {
  modern: [
    { ...quote(1), params: withModernMeta(quote(1).params, {}) },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: withModernMeta({}, {}) },
    { jsonrpc: '2.0', id: 3, method: 'server/discover', params: withModernMeta({}, {}) },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
  ],
  legacy: [
    quote(1),
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    { jsonrpc: '2.0', id: 99, result: { action: 'accept', content: {} } },
  ],
};

const damage = fc.oneof(
  fc.array(structureEdit, { minLength: 1, maxLength: 2 }).map((edits) => ({ edits, text: [] as never[] })),
  fc.array(textEdit, { minLength: 1, maxLength: 2 }).map((text) => ({ edits: [] as never[], text })),
);

/**
 * Lines changed in their structure or their text, written on one stdio connection of each era. After each,
 * a plain call with its own id: every message written before its reply is a result or a client-fault error,
 * and the call is answered, so the connection never stops serving.
 */
describe.each(['modern', 'legacy'] as const)('stdio lines changed and damaged, %s', (era) => {
  let app: ElicitorApp;
  let send: (line: string) => void;
  let until: (id: string) => Promise<Message[]>;

  beforeAll(async () => {
    ({ app, send, until } = await stdioConnection());
    if (era === 'legacy') {
      const initialize = {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'f', version: '1' },
      };
      send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: initialize }));
      await until('init');
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    }
  });
  afterAll(() => app.close());

  it('answers every line with a result or a client-fault error, and goes on serving', async () => {
    let probe = 0;
    const line = fc.nat(CORPUS[era].length - 1).map((index) => CORPUS[era][index]!);
    await fc.assert(
      fc.asyncProperty(line, damage, async (original, { edits, text }) => {
        const changed = edits.reduce<unknown>((body, edit) => applyEdit(body as object, edit), original);
        const sent = text.reduce((body, edit) => applyTextEdit(body, edit), bodyText(changed));
        send(sent.replace(/\n/g, ' '));
        const id = `probe-${++probe}`;
        const call =
          era === 'modern' ? { ...quote(id), params: withModernMeta(quote(id).params, {}) } : quote(id);
        send(JSON.stringify(call));
        const messages = await until(id);
        const fault = faultOf({ status: 200, messages });
        if (fault !== undefined) throw new Error(`${fault}\n  after the line ${sent.slice(0, 400)}`);
        expect(JSON.stringify(messages.at(-1))).toContain('Quote: $6');
      }),
      { seed: FUZZ_SEED + 11, numRuns: FUZZ_RUNS },
    );
  });
});
