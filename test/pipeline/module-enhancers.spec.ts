import 'reflect-metadata';
import { Catch, Context, Elicitor, Module, Tool, Tools, UseFilters, UseGuards } from 'elicitor';
import type { CallInfo, CanActivate, ExceptionFilter } from 'elicitor';
import { TestClient } from 'elicitor/testing';

const order: string[] = [];
const guard = (name: string, allow = true): CanActivate => ({
  canActivate(_ctx: Context, call: CallInfo) {
    order.push(`${name}:${call.name}`);
    return allow;
  },
});

class StockError extends Error {}

@Catch(StockError)
class StockFilter implements ExceptionFilter {
  catch(error: unknown): unknown {
    return `module filter: ${(error as Error).message}`;
  }
}

@Catch()
class MethodFilter implements ExceptionFilter {
  catch(): unknown {
    return 'method filter';
  }
}

@Tools()
@UseGuards(guard('class'))
class StockTools {
  @Tool({ description: 'Checks stock' })
  @UseGuards(guard('method'))
  async stock(): Promise<string> {
    return 'in stock';
  }

  @Tool({ description: 'Fails with a stock error' })
  @UseFilters(new MethodFilter())
  async broken(): Promise<string> {
    throw new StockError('no shelf');
  }

  @Tool({ description: 'Fails with a stock error, no filter of its own' })
  async missing(): Promise<string> {
    throw new StockError('no shelf');
  }
}

@Module({ tools: [StockTools], guards: [guard('module')], filters: [StockFilter] })
class StockModule {}

@Tools()
class OpenTools {
  @Tool({ description: 'Outside the guarded module' })
  async open(): Promise<string> {
    return 'open';
  }
}

@Module({ tools: [OpenTools], guards: [guard('closed', false)] })
class ClosedModule {}

@Module({ imports: [StockModule] })
class AppModule {}

const quiet = { info() {}, warn() {}, error() {} };

describe('guards and filters declared on a module', () => {
  beforeEach(() => (order.length = 0));

  it('run between the global ones and those of the class and method', async () => {
    const app = await Elicitor.create(AppModule, {
      name: 'shop',
      version: '1',
      guards: [guard('global')],
      logger: quiet,
    });
    const run = await TestClient.forApp(app).callTool('stock', {});
    expect(run.text).toBe('in stock');
    expect(order).toStrictEqual(['global:stock', 'module:stock', 'class:stock', 'method:stock']);
    await app.close();
  });

  it('ask a module filter after the method and class ones', async () => {
    const app = await Elicitor.create(AppModule, { name: 'shop', version: '1', logger: quiet });
    const client = TestClient.forApp(app);
    expect((await client.callTool('broken', {})).text).toBe('method filter');
    expect((await client.callTool('missing', {})).text).toBe('module filter: no shelf');
    await app.close();
  });

  it('guard only the tools of their own module', async () => {
    @Module({ imports: [StockModule, ClosedModule] })
    class Both {}
    const app = await Elicitor.create(Both, { name: 'shop', version: '1', logger: quiet });
    const client = TestClient.forApp(app);
    expect((await client.callTool('stock', {})).text).toBe('in stock');
    const refused = await client.callTool('open', {});
    expect(refused.result?.isError).toBe(true);
    expect(order).toContain('closed:open');
    expect(order).not.toContain('closed:stock');
    await app.close();
  });
});
