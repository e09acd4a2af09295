import 'reflect-metadata';
import { injectable } from 'inversify';
import { Context, Ctx, Elicitor, ElicitRequestParams, Tool, Tools, UseInterceptors } from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { AuditInterceptor } from '../../docs/snippets/di/audit.interceptor.js';
import { AuditTrail } from '../../docs/snippets/di/audit-trail.service.js';
import { TimeoutInterceptor } from '../../docs/snippets/di/timeout.interceptor.js';
import { WeatherModule } from '../../docs/snippets/di/weather.module.js';
import { WeatherClient } from '../../docs/snippets/di/weather.services.js';

describe('DI guide: the weather app', () => {
  let client: TestClient;
  beforeEach(async () => {
    client = await TestClient.create(WeatherModule);
  });
  afterEach(() => client.close());

  it('injects a singleton, a value, a factory value and a request-scoped service into the tool', async () => {
    const run = await client.callTool('forecast', { city: 'Oslo' });
    expect(run.text).toBe('Sunny in Oslo, high of 24 °C (asked by elicitor-test-client on 2026-07-28)');
    expect(client.app!.get(WeatherClient).baseUrl).toBe('https://weather.example.com');
  });

  it('shares singletons across requests: the app sees what the tool did', async () => {
    await client.callTool('forecast', { city: 'Oslo' });
    await client.callTool('forecast', { city: 'Rome' });
    expect(client.app!.get(WeatherClient).lookups).toBe(2);
  });

  it("runs the module's audit interceptor around every call of its tools", async () => {
    await client.callTool('forecast', { city: 'Oslo' });
    const invalid = await client.callTool('forecast', { city: '' }); // refused before any interceptor runs
    expect(invalid.error).toMatchObject({
      code: -32602,
      message: 'Invalid arguments: city (isLength): city must be longer than or equal to 1 characters',
      data: { issues: [{ path: 'city', rule: 'isLength' }] },
    });
    expect(client.app!.get(AuditTrail).records).toStrictEqual([
      { tool: 'forecast', outcome: 'success', durationMs: expect.any(Number) },
    ]);
  });
});

describe('DI guide: the audit interceptor on a call that asks', () => {
  @Tools()
  class Asking {
    @Tool({ description: 'Asks once' })
    async ask(@Ctx() ctx: Context): Promise<string> {
      const answer = await ctx.elicit('q', ElicitRequestParams.form('?').withRequired('a', 'string'));
      return String(answer.content()?.a);
    }
  }

  it('records each 2026-07-28 round: the round that asked, then the one that finished', async () => {
    const client = await TestClient.create({
      tools: [Asking],
      providers: [AuditTrail],
      interceptors: [AuditInterceptor],
    });
    const run = await client.callTool('ask', {}, { answers: { q: accept({ a: 'x' }) } });
    expect(run.text).toBe('x');
    expect(client.app!.get(AuditTrail).records.map((record) => record.outcome)).toStrictEqual([
      'input_required',
      'success',
    ]);
    await client.close();
  });
});

describe('DI guide: the timeout interceptor', () => {
  const call = { name: 'slow' } as CallInfo;

  it('passes a fast result through', async () => {
    await expect(new TimeoutInterceptor(1_000).intercept(call, async () => 'done')).resolves.toBe('done');
  });

  it('ends a slow call with a UserError', async () => {
    const never = () => new Promise<never>(() => {});
    await expect(new TimeoutInterceptor(20).intercept(call, never)).rejects.toThrow(
      'slow took longer than 20 ms',
    );
  });
});

describe('DI guide: interceptor order and scopes', () => {
  const order: string[] = [];
  const named = (name: string): ElicitorInterceptor => ({
    async intercept(_call, next) {
      order.push(`${name} in`);
      const result = await next();
      order.push(`${name} out`);
      return result;
    },
  });

  @Tools()
  @UseInterceptors(named('class'))
  class Ordered {
    @Tool({ description: 'Records the order' })
    @UseInterceptors(named('method'))
    run(): string {
      order.push('handler');
      return 'ok';
    }
  }

  it('runs global, then class, then method interceptors, outermost first', async () => {
    const client = await TestClient.create({ tools: [Ordered], interceptors: [named('global')] });
    await client.callTool('run');
    expect(order).toStrictEqual([
      'global in',
      'class in',
      'method in',
      'handler',
      'method out',
      'class out',
      'global out',
    ]);
    await client.close();
  });

  it('refuses, at bootstrap, a singleton that depends on Context', async () => {
    @injectable()
    class LeakyService {
      constructor(readonly ctx: Context) {}
    }
    await expect(
      Elicitor.create({ name: 'x', version: '1', tools: [], providers: [LeakyService] }),
    ).rejects.toThrow(
      'Cannot create singleton provider LeakyService: Context is request-scoped: inject it into @Tools() classes, interceptors or request-scoped providers, never into a singleton',
    );
  });
});
