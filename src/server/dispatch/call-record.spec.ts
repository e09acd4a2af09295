import 'reflect-metadata';
import { Elicitor } from '../../app/elicitor.js';
import { Tool } from '../../decorators/tool.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { sharesHiddenClass } from '../../shared/hidden-class.spec-helper.js';
import { TestClient } from '../../testing/test-client.js';
import { testKeyring } from '../../testing/test-keyring.js';
import { CallRecord } from './call-record.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

@Tools()
class Pair {
  @Tool({ description: 'Says one' })
  one(): string {
    return '1';
  }

  @Tool({ description: 'Says two' })
  two(): string {
    return '2';
  }
}

describe('CallRecord', () => {
  it('is what every interceptor gets: an instance with all its fields from the start, one hidden class for all calls', async () => {
    const seen: CallInfo[] = [];
    const watcher: ElicitorInterceptor = {
      intercept(call, next) {
        seen.push(call);
        return next();
      },
    };
    const app = await Elicitor.create({
      name: 'records',
      version: '1.0.0',
      logger: quiet,
      requestState: { keys: testKeyring() },
      tools: [Pair],
      interceptors: [watcher],
    });
    try {
      const client = TestClient.forApp(app);
      await client.request('tools/call', { name: 'one', arguments: {} });
      await client.request('tools/call', { name: 'two', arguments: { extra: 1 } });
    } finally {
      await app.close();
    }
    const [first, second] = seen;
    // A class, not an object literal: V8 can move a literal's allocation site to the old generation, and a
    // call waiting for its client would then keep its whole context alive there (see the bench README).
    expect(first).toBeInstanceOf(CallRecord);
    expect(second).toBeInstanceOf(CallRecord);
    expect(sharesHiddenClass(first!, second!)).toBe(true);
    expect([first!.name, first!.kind, first!.handlerName, second!.name, second!.arguments]).toStrictEqual([
      'one',
      'tool',
      'one',
      'two',
      { extra: 1 },
    ]);
  });
});
