import 'reflect-metadata';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { testKeyring } from '../testing/test-keyring.js';
import { Elicitor } from './elicitor.js';

@Tools()
class PingTools {
  @Tool({ description: 'Answers at once' })
  ping(): string {
    return 'pong';
  }
}

const settings = {
  name: 'keep-alive',
  version: '1.0.0',
  tools: [PingTools],
  logger: { info: () => {}, warn: () => {}, error: () => {} },
  requestState: { keys: testKeyring() },
};

describe('legacyKeepAliveMs', () => {
  it.each([-1, Number.NaN, 2 ** 31, '15000' as unknown as number])('refuses %p at create', async (value) => {
    await expect(Elicitor.create({ ...settings, legacyKeepAliveMs: value })).rejects.toThrow(
      /legacyKeepAliveMs must be 0 or a number of milliseconds up to 2147483647/,
    );
  });

  it.each([0, 15_000])('takes %p', async (value) => {
    const app = await Elicitor.create({ ...settings, legacyKeepAliveMs: value });
    await app.close();
  });
});
