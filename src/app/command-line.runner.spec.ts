import 'reflect-metadata';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { testKeyring } from '../testing/test-keyring.js';
import { Elicitor } from './elicitor.js';

@Tools()
class Ping {
  @Tool({ description: 'pong' })
  ping(): string {
    return 'pong';
  }
}

describe('app.run', () => {
  it('serves HTTP on $PORT at /mcp when not asked for stdio, and says where', async () => {
    const lines: string[] = [];
    const app = await Elicitor.create({
      name: 'run-test',
      version: '1',
      tools: [Ping],
      requestState: { keys: testKeyring() },
    });
    try {
      const info = await app.run('run-test', {
        argv: ['node', 'main.js'],
        env: { PORT: '0' },
        log: (line) => lines.push(line),
      });
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(lines).toStrictEqual([`run-test listening on ${info.url}`]);
      const reply = await fetch(info.url!, { method: 'GET' });
      expect(reply.status).toBe(405);
    } finally {
      await app.close();
      process.removeAllListeners('SIGINT');
      process.removeAllListeners('SIGTERM');
    }
  });
});
