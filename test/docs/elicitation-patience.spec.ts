import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { notesOptions } from '../../docs/snippets/elicitation/notes.options.js';
import { callPatiently } from '../../docs/snippets/elicitation/patient-call.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('Elicitation guide: people who take their time', () => {
  it('serves the notes app with its keep-alive as written', async () => {
    const client = await TestClient.create({ ...notesOptions, logger: quiet });
    const run = await client.callTool('add_note', {}, { answers: { note: accept({ note: 'hi' }) } });
    expect(run.text).toBe('Noted: hi');
    await client.close();
  });

  describe('on 2025-11-25, over HTTP', () => {
    let app: ElicitorApp;
    let client: Client | undefined;
    beforeAll(async () => {
      // The guide's 10 s beat, shortened so the spec hears several while the person answers.
      let url: string;
      ({ app, url } = await startHttpApp({ ...notesOptions, legacyKeepAliveMs: 100, logger: quiet }));
      client = await connectHttp(
        officialClient({
          era: 'legacy',
          onElicit: async () => {
            await new Promise((resolve) => setTimeout(resolve, 700));
            return { action: 'accept', content: { note: 'worth the wait' } };
          },
        }),
        url,
      );
    });
    afterAll(async () => {
      await client?.close();
      await app.close();
    });

    it('hears the keep-alive through callPatiently while the person answers', async () => {
      const heard: string[] = [];
      const result = await callPatiently(client!, 'add_note', (message) => heard.push(message));
      expect(textOf(result)).toBe('Noted: worth the wait');
      expect(heard.length).toBeGreaterThanOrEqual(3);
      expect(new Set(heard)).toStrictEqual(new Set(['Waiting for the user to answer']));
    });
  });
});
