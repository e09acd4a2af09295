export function greeterToolSpecTemplate(): string {
  return `import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { GreeterTools } from './greeter.tool.js';

describe('GreeterTools', () => {
  it('greets the user by the name they enter', async () => {
    const client = await TestClient.create({ tools: [GreeterTools] });

    const run = await client.callTool('greet', {}, { answers: { name: { action: 'accept', content: { name: 'Ada' } } } });

    expect(run.result.isError).toBeFalsy();
    expect(run.result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('says goodbye when the user declines', async () => {
    const client = await TestClient.create({ tools: [GreeterTools] });

    const run = await client.callTool('greet', {}, { answers: { name: { action: 'decline' } } });

    expect(run.result.content).toEqual([{ type: 'text', text: 'Maybe next time!' }]);
  });
});
`;
}
