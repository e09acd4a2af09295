import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Elicitor, Keyring, MemoryStateStore } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { SeedTourModule, seedTourOptions } from './seed-tour.module.js';

/**
 * Runs a full `place_order` flow over real HTTP on each protocol era, with scripted answers, and prints
 * every question, every answer and how many times each side effect really ran.
 */
const ORDER = { item: 'gadget', quantity: 2 };
const ANSWERS = {
  shipping: { name: 'Ada Lovelace', email: 'ada@example.com', address: '12 Analytical Row' },
  confirm: { confirm: true },
};

// One process that lives for one run: a random key and the memory store are all it needs, said explicitly
// so the server has nothing to warn about (a fleet shares its keys and a Redis store instead).
const app = await Elicitor.create(SeedTourModule, {
  ...seedTourOptions,
  requestState: { keys: Keyring.random() },
  store: new MemoryStateStore(),
});
const { url } = await app.listen({ http: { port: 0 } });
console.log(`seed-tour is serving both protocol eras at ${url}`);

type Counters = { quotes: number; charges: number; receipts: number };
const inspector = TestClient.forUrl(url!);
async function readCounters(): Promise<Counters> {
  const read = await inspector.readResource('seed-tour://counters');
  return JSON.parse((read.result!.contents as Array<{ text: string }>)[0]!.text) as Counters;
}
function printRan(before: Counters, after: Counters): void {
  const ran = (name: keyof Counters) => `${name} ${after[name] - before[name]}`;
  console.log(`Side effects that really ran: ${ran('quotes')}, ${ran('charges')}, ${ran('receipts')}`);
}

console.log(`\n— 2026-07-28: the handler re-runs each round, its progress sealed in requestState —`);
console.log(`Calling place_order ${JSON.stringify(ORDER)}\n`);
let before = await readCounters();
const run = await inspector.callTool('place_order', ORDER, {
  answers: { shipping: accept(ANSWERS.shipping), confirm: accept(ANSWERS.confirm) },
});
for (const round of run.rounds) {
  console.log(`Round ${round.round}: ${round.resultType}`);
  for (const request of round.inputRequests) {
    console.log(`  server asks "${request.key}": ${String(request.params.message)}`);
    console.log(`  client answers: ${JSON.stringify(round.responses[request.key])}`);
  }
  if (round.requestStateBytes) console.log(`  sealed requestState: ${round.requestStateBytes} bytes`);
}
console.log(`\nResult: ${run.text}`);
printRan(before, await readCounters());

console.log(`\n— 2025-11-25: one call, each question pushed as elicitation/create on its stream —`);
console.log(`Calling place_order ${JSON.stringify(ORDER)}\n`);
before = await readCounters();
const client = new Client(
  { name: 'seed-tour-demo', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } } },
);
client.setRequestHandler('elicitation/create', (request) => {
  const { message, requestedSchema } = request.params as {
    message: string;
    requestedSchema?: { properties: object };
  };
  const content =
    requestedSchema && 'confirm' in requestedSchema.properties ? ANSWERS.confirm : ANSWERS.shipping;
  console.log(`  server pushes: ${message}`);
  console.log(`  client answers: ${JSON.stringify({ action: 'accept', content })}`);
  return { action: 'accept', content };
});
await client.connect(new StreamableHTTPClientTransport(new URL(url!)));
const result = await client.callTool({ name: 'place_order', arguments: ORDER });
console.log(`\nProtocol version: ${client.getNegotiatedProtocolVersion()}`);
console.log(`Result: ${(result.content as Array<{ text?: string }>).map((block) => block.text).join('')}`);
printRan(before, await readCounters());
await client.close();
await app.close();
