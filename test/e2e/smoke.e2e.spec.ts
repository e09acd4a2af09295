import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { seedTourModule } from '../../samples/seed-tour/dist/seed-tour.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';

let app: ElicitorApp;
let url: string;
beforeAll(async () => {
  app = await Elicitor.create(seedTourModule);
  url = (await app.listen({ http: { port: 0 } })).url!;
});
afterAll(() => app.close());

it.each(['modern', 'legacy'] as const)('place_order on %s', async (era) => {
  const client = await connectHttp(
    officialClient({
      era,
      onElicit: (params) => {
        const props = Object.keys((params.requestedSchema as { properties: object }).properties);
        return props.includes('confirm')
          ? { action: 'accept', content: { confirm: true } }
          : { action: 'accept', content: { name: 'Ada', email: 'ada@example.com', address: '12 Analytical Row' } };
      },
    }),
    url,
  );
  console.log(era, client.getProtocolEra?.(), client.getNegotiatedProtocolVersion?.());
  const result = await client.callTool({ name: 'place_order', arguments: { item: 'gadget', quantity: 2 } });
  console.log(JSON.stringify(result));
  await client.close();
});
