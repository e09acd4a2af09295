import 'reflect-metadata';
import { injectable } from 'inversify';
import { Ctx } from '../decorators/ctx.decorator.js';
import { Module } from '../decorators/module.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import type { Context } from '../context/context.js';
import { ShuttingDownError } from '../errors/shutting-down.error.js';
import { TestClient } from '../testing/test-client.js';
import { testKeyring } from '../testing/test-keyring.js';
import { Elicitor } from './elicitor.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const settings = {
  name: 'lifecycle',
  version: '1.0.0',
  logger: quiet,
  requestState: { keys: testKeyring() },
};

describe('lifecycle hooks', () => {
  it('inits modules imports first and shuts them down in reverse, with the signal', async () => {
    const calls: string[] = [];
    const hooked = (name: string) => {
      @injectable()
      class Hooked {
        onModuleInit() {
          calls.push(`${name}.onModuleInit`);
        }
        async onApplicationBootstrap() {
          await new Promise((resolve) => setTimeout(resolve, 1));
          calls.push(`${name}.onApplicationBootstrap`);
        }
        beforeApplicationShutdown(signal?: string) {
          calls.push(`${name}.beforeApplicationShutdown(${signal})`);
        }
        onApplicationShutdown(signal?: string) {
          calls.push(`${name}.onApplicationShutdown(${signal})`);
        }
      }
      return Hooked;
    };
    const Database = hooked('Database');
    const Cache = hooked('Cache');
    @Module({ providers: [Database], exports: [Database] })
    class DatabaseModule {}
    @Module({ imports: [DatabaseModule], providers: [Cache] })
    class AppModule {}
    const app = await Elicitor.create(AppModule, settings);
    expect(calls).toStrictEqual([
      'Database.onModuleInit',
      'Cache.onModuleInit',
      'Database.onApplicationBootstrap',
      'Cache.onApplicationBootstrap',
    ]);
    calls.length = 0;
    await app.close('SIGTERM');
    expect(calls).toStrictEqual([
      'Cache.beforeApplicationShutdown(SIGTERM)',
      'Database.beforeApplicationShutdown(SIGTERM)',
      'Cache.onApplicationShutdown(SIGTERM)',
      'Database.onApplicationShutdown(SIGTERM)',
    ]);
  });

  it('calls the hooks of a tool class listed as a provider, and refuses them on a per-request tool class', async () => {
    const calls: string[] = [];
    @Tools()
    class Warm {
      onModuleInit() {
        calls.push('Warm.onModuleInit');
      }
      @Tool({ description: 'warm' })
      warm(): string {
        return 'warm';
      }
    }
    @Module({ tools: [Warm], providers: [Warm] })
    class SingletonTools {}
    const app = await Elicitor.create(SingletonTools, settings);
    expect(calls).toStrictEqual(['Warm.onModuleInit']);
    await app.close();
    @Module({ tools: [Warm] })
    class PerRequestTools {}
    await expect(Elicitor.create(PerRequestTools, settings)).rejects.toThrow(
      'Warm declares onModuleInit, but a tool class is built per request; list Warm in the providers of module PerRequestTools',
    );
  });

  it('runs the hooks of the flat options form too', async () => {
    const calls: string[] = [];
    @injectable()
    class Pool {
      onModuleInit() {
        calls.push('init');
      }
      onApplicationShutdown() {
        calls.push('shutdown');
      }
    }
    const app = await Elicitor.create({ ...settings, tools: [], providers: [Pool] });
    await app.close();
    expect(calls).toStrictEqual(['init', 'shutdown']);
  });
});

describe('app.close() drains', () => {
  it('waits for an in-flight commit, refuses calls meanwhile, then shuts down', async () => {
    const events: string[] = [];
    let releaseCommit!: () => void;
    const commitGate = new Promise<void>((resolve) => (releaseCommit = resolve));
    let commitStarted!: () => void;
    const started = new Promise<void>((resolve) => (commitStarted = resolve));
    @injectable()
    class Hooks {
      onApplicationShutdown() {
        events.push('onApplicationShutdown');
      }
    }
    @Tools()
    class Orders {
      @Tool({ description: 'place an order' })
      place(@Ctx() ctx: Context): string {
        ctx.onCommit(async () => {
          commitStarted();
          await commitGate;
          events.push('commit ran');
        });
        return 'placed';
      }
    }
    @Module({ tools: [Orders], providers: [Hooks] })
    class ShopModule {}
    const app = await Elicitor.create(ShopModule, settings);
    const client = TestClient.forApp(app);
    const inFlight = client.request('tools/call', { name: 'place', arguments: {} });
    await started;
    const closed = app.close().then(() => events.push('closed'));
    const refused = await client.request('tools/call', { name: 'place', arguments: {} });
    expect(refused.body.error).toMatchObject({ code: -32000, message: new ShuttingDownError().message });
    expect(refused.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toStrictEqual([]);
    releaseCommit();
    const placed = await inFlight;
    await closed;
    expect(placed.body.result).toMatchObject({ content: [{ type: 'text', text: 'placed' }] });
    expect(events).toStrictEqual(['commit ran', 'onApplicationShutdown', 'closed']);
  });

  it('gives up waiting after shutdownTimeoutMs', async () => {
    const warnings: string[] = [];
    @Tools()
    class Stuck {
      @Tool({ description: 'never ends' })
      stuck(): Promise<string> {
        return new Promise(() => {});
      }
    }
    @Module({ tools: [Stuck] })
    class StuckModule {}
    const app = await Elicitor.create(StuckModule, {
      ...settings,
      shutdownTimeoutMs: 30,
      logger: { ...quiet, warn: (message: string) => warnings.push(message) },
    });
    void TestClient.forApp(app).request('tools/call', { name: 'stuck', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.close();
    expect(warnings).toContain('closing with 1 call(s) still running after 30 ms');
  });
});
