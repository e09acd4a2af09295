import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { coreModule } from '../fixtures/core-app/src/core.module.js';
import { QuestionCatalog } from '../fixtures/core-app/src/question-catalog.service.js';
import { TestClient, accept } from 'elicitor/testing';
import { connectClient, startHttpApp, textOf } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe('rounds on the 2026-07-28 wire (official client, HTTP)', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpApp({ ...coreModule, logger: quietLogger }));
  });
  afterAll(() => app.close());

  it('asks two questions in one round', async () => {
    const asked: string[] = [];
    const client: Client = await connectClient(
      'http',
      { url, script: '' },
      {
        era: 'modern',
        onElicit: (params) => {
          asked.push(String(params.message));
          return params.message === 'Which day?'
            ? { action: 'accept', content: { day: '2026-12-24' } }
            : { action: 'accept', content: { count: 4 } };
        },
      },
    );
    const result = await client.callTool({ name: 'schedule', arguments: {} });
    expect(textOf(result)).toBe('Booked 2026-12-24 for 4');
    expect(asked.sort()).toStrictEqual(['How many people?', 'Which day?']);
    await client.close();
    const transcript = await TestClient.forUrl(url).callTool(
      'schedule',
      {},
      {
        answers: { day: accept({ day: '2026-12-24' }), people: accept({ count: 4 }) },
      },
    );
    expect(transcript.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual(
      [['day', 'people'], []],
    );
  });

  it('asks again when the question changed between rounds', async () => {
    const catalog = app.get(QuestionCatalog);
    const asked: string[] = [];
    const client = await connectClient(
      'http',
      { url, script: '' },
      {
        era: 'modern',
        onElicit: (params) => {
          asked.push(String(params.message));
          if (asked.length === 1) catalog.version = 2;
          return { action: 'accept', content: { color: asked.length === 1 ? 'red' : 'blue' } };
        },
      },
    );
    const result = await client.callTool({ name: 'pick_color', arguments: {} });
    expect(asked).toStrictEqual(['Pick a color', 'Pick a color (palette v2)']);
    expect(textOf(result)).toBe('You picked blue');
    await client.close();
  });
});
