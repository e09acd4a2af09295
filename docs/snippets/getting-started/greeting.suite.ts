import { TestClient, accept, decline } from 'elicitor/testing';
import { AppModule } from './app.module.js';

export function greetingSuite(): void {
  describe('greet', () => {
    let client: TestClient;
    beforeEach(async () => {
      client = await TestClient.create(AppModule);
    });
    afterEach(() => client.close());

    it('asks for a name, then greets', async () => {
      const run = await client.callTool('greet', {}, { answers: { name: accept({ name: 'Ada' }) } });
      expect(run.rounds).toHaveLength(2);
      expect(run.text).toBe('Hello, Ada!');
    });

    it('copes with a user who declines', async () => {
      const run = await client.callTool('greet', {}, { answers: { name: decline() } });
      expect(run.text).toBe('Hello, stranger!');
    });
  });
}
