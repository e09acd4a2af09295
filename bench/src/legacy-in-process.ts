// `node bench/dist/legacy-in-process.js [--tool flow|echo] [--seconds 5] [--warmup 20000]`:
// the bench tools on a 2025-11-25 session over in-memory stdio streams, in one process with no HTTP, and
// what outlives the young generation meanwhile (V8's `--trace-gc-nvp`); see bench/README.md.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Elicitor } from 'elicitor';
import { summariseGcTrace } from './profile/gc-trace.summary.js';
import { BenchTools } from './servers/elicitor-bench.tools.js';
import { ANSWER_FIELD } from './wire/mcp-wire.js';

type Message = { id?: number; method?: string; result?: { isError?: boolean }; error?: unknown };

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const MEASURED = '# measured';

/** The client side of one session: sends lines, hands over the server's replies in order. */
async function openSession(): Promise<{ send(message: object): void; next(): Promise<Message> }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const app = await Elicitor.create({
    name: 'legacy-in-process',
    version: '1.0.0',
    tools: [BenchTools],
    requestState: { keys: ['elicitor-bench-request-state-key-0123456789'] },
  });
  await app.listen({ stdio: { input, output } });
  const queued: Message[] = [];
  let waiting: ((message: Message) => void) | undefined;
  createInterface({ input: output }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    const wake = waiting;
    waiting = undefined;
    if (wake) wake(message);
    else queued.push(message);
  });
  const session = {
    send: (message: object) => void input.write(`${JSON.stringify(message)}\n`),
    next: () =>
      queued.length > 0
        ? Promise.resolve(queued.shift()!)
        : new Promise<Message>((resolve) => (waiting = resolve)),
  };
  session.send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: { form: {} } },
      clientInfo: { name: 'bench', version: '1.0.0' },
    },
  });
  await session.next();
  session.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return session;
}

/** Runs in the child: warms up, then measures between two marker lines on stdout. */
async function measure(tool: string, seconds: number, warmup: number): Promise<void> {
  const session = await openSession();
  let id = 1;
  const call = async () => {
    const args = tool === 'echo' ? { text: 'hi' } : {};
    session.send({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: tool, arguments: args } });
    for (;;) {
      const message = await session.next();
      if (message.method === 'elicitation/create') {
        const answer = { action: 'accept', content: { [ANSWER_FIELD]: 'x' } };
        session.send({ jsonrpc: '2.0', id: message.id, result: answer });
      } else if (message.error !== undefined || message.result?.isError) {
        throw new Error(`the call failed: ${JSON.stringify(message)}`);
      } else if (message.result) return;
    }
  };
  for (let done = 0; done < warmup; done++) await call();
  process.stdout.write(`${MEASURED} start\n`);
  const until = Date.now() + seconds * 1000;
  let calls = 0;
  while (Date.now() < until) {
    await call();
    calls++;
  }
  process.stdout.write(`${MEASURED} ${calls}\n`);
  process.exit(0);
}

/** Runs in the parent: starts the child with the GC traced and summarises the measured part. */
async function report(tool: string, seconds: number, warmup: number): Promise<void> {
  const script = fileURLToPath(import.meta.url);
  const args = ['--trace-gc-nvp', script, '--child', '--tool', tool, '--seconds', `${seconds}`];
  const child = spawn(process.execPath, [...args, '--warmup', `${warmup}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let calls = 0;
  let measuring = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === `${MEASURED} start`) measuring = true;
    else if (line.startsWith(MEASURED)) {
      calls = Number(line.slice(MEASURED.length + 1));
      measuring = false;
    } else if (measuring) lines.push(line);
  }
  const gc = summariseGcTrace(lines);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  process.stdout.write(
    `${tool}: ${calls} calls in ${seconds} s; ${gc.scavenges} scavenges, ${kb(gc.survivedPerScavenge)} KB ` +
      `survived per scavenge, ${(gc.promotedBytes / Math.max(1, calls)).toFixed(0)} B promoted per call, ` +
      `${gc.fullCollections} full collections\n`,
  );
}

const tool = option('tool', 'flow');
const seconds = Number(option('seconds', '5'));
const warmup = Number(option('warmup', '20000'));
if (process.argv.includes('--child')) await measure(tool, seconds, warmup);
else await report(tool, seconds, warmup);
