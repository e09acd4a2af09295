import { TestClient, accept } from 'elicitor/testing';
import { ReleaseTools, releases } from './release.tools.js';

export function releaseSuite(): void {
  describe('release, run as a task', () => {
    let client: TestClient;

    beforeEach(async () => {
      client = await TestClient.create({ tools: [ReleaseTools] });
    });
    afterEach(() => client.close());

    it('asks for approval and a note, then rolls out once', async () => {
      const run = await client.runTask(
        'release',
        { service: 'api' },
        { answers: { approve: accept({ ok: true }), note: accept({ note: 'v2' }) } },
      );

      expect(run.status).toBe('completed');
      expect(run.text).toBe('api: rollout-1 (v2)');
      expect(run.inputRequests.map((request) => request.key)).toEqual(['approve', 'note']);
      expect(releases).toMatchObject({ builds: 1, rollouts: 1, announcements: 1 });
    });
  });
}
