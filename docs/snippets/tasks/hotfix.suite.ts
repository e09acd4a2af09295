import { TestClient, accept } from 'elicitor/testing';
import { HotfixTools, hotfixes } from './hotfix.tools.js';

export function hotfixSuite(): void {
  describe('hotfix, a task from ctx.continueAsTask()', () => {
    let client: TestClient;

    beforeEach(async () => {
      client = await TestClient.create({ tools: [HotfixTools] });
    });
    afterEach(() => client.close());

    it('asks where in the call, then approval in the task, and locks once', async () => {
      const run = await client.runTask(
        'hotfix',
        { service: 'api' },
        { answers: { where: accept({ env: 'production' }), approve: accept({ ok: true }) } },
      );

      expect(run.status).toBe('completed');
      expect(run.taskId).toBeDefined();
      expect(run.askedBeforeTask).toEqual(['where']);
      expect(run.text).toBe('api patched in production as patch-1 (lock-1)');
      expect(hotfixes).toEqual({ locks: 1, patches: 1 });
    });

    it('answers in the call when the handler never reaches continueAsTask()', async () => {
      const run = await client.runTask(
        'hotfix',
        { service: 'web' },
        { answers: { where: accept({ env: 'staging' }) } },
      );

      expect(run.taskId).toBeUndefined();
      expect(run.text).toBe('web patched on staging (lock-1)');
    });
  });
}
