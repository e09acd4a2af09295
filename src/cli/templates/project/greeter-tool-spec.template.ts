export function greeterToolSpecTemplate(): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { AppModule } from '../app.module.js';

describe('GreeterTools', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create(AppModule);
  });

  afterEach(async () => {
    await client.close();
  });

  it('asks for a name, then greets by it', async () => {
    const run = await client.callTool('greet', {}, { answers: { name: { action: 'accept', content: { name: 'Ada' } } } });

    expect(run.rounds.map((round) => round.resultType)).toEqual(['input_required', 'complete']);
    expect(run.result?.isError).toBeFalsy();
    expect(run.result?.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('says goodbye when the user declines', async () => {
    const run = await client.callTool('greet', {}, { answers: { name: { action: 'decline' } } });

    expect(run.result?.content).toEqual([{ type: 'text', text: 'Maybe next time!' }]);
  });
});
`;
}
