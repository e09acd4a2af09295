import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { SeedTourModule, seedTourOptions } from './seed-tour.module.js';

/** Runs a full `place_order` flow over real HTTP with scripted answers and prints every round. */
const app = await Elicitor.create(SeedTourModule, {
  ...seedTourOptions,
  requestState: { keys: ['seed-tour-demo-secret-0123456789'] },
});
const { url } = await app.listen({ http: { port: 0 } });
console.log(`seed-tour is serving the 2026-07-28 wire at ${url}\n`);
console.log('Calling place_order { item: "gadget", quantity: 2 }\n');

const client = TestClient.forUrl(url!);
const run = await client.callTool(
  'place_order',
  { item: 'gadget', quantity: 2 },
  {
    answers: {
      shipping: accept({ name: 'Ada Lovelace', email: 'ada@example.com', address: '12 Analytical Row' }),
      confirm: accept({ confirm: true }),
    },
  },
);
for (const round of run.rounds) {
  console.log(`Round ${round.round}: ${round.resultType}`);
  for (const request of round.inputRequests) {
    console.log(`  server asks "${request.key}": ${String(request.params.message)}`);
    console.log(`  client answers: ${JSON.stringify(round.responses[request.key])}`);
  }
  if (round.requestStateBytes) console.log(`  sealed requestState: ${round.requestStateBytes} bytes`);
}
console.log(`\nResult: ${run.text}`);
const counters = await client.readResource('seed-tour://counters');
console.log(
  `Side effects that really ran: ${counters.result ? JSON.stringify((counters.result.contents as Array<{ text: string }>)[0]!.text) : '?'}`,
);
await app.close();
