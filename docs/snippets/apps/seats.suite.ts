import { MCP_APP_MIME_TYPE } from 'elicitor';
import { TestClient, accept, fromApp } from 'elicitor/testing';
import { SeatsModule } from './seats.module.js';

export function seatsSuite(): void {
  describe('choose_seat with its app', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = await TestClient.create(SeatsModule);
    });
    afterAll(() => client.close());

    it('is answered by the seat map where the host renders apps', async () => {
      const run = await client.callTool(
        'choose_seat',
        { flight: 'EL42' },
        { apps: true, answers: { seat: fromApp('ui://seats/map', { seat: '2A' }) } },
      );
      expect(run.text).toBe('Seat 2A on EL42');

      const app = await client.readApp(run.rounds[0]!.inputRequests[0]!.app!);
      expect(app.mimeType).toBe(MCP_APP_MIME_TYPE);
    });

    it('is the plain form everywhere else', async () => {
      const run = await client.callTool(
        'choose_seat',
        { flight: 'EL42' },
        { answers: { seat: accept({ seat: '1C' }) } },
      );
      expect(run.rounds[0]!.inputRequests[0]!.app).toBeUndefined();
      expect(run.text).toBe('Seat 1C on EL42');
    });
  });
}
