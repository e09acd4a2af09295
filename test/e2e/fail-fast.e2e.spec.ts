import 'reflect-metadata';
import { inject, injectable } from 'inversify';
import { IsString } from 'class-validator';
import type { Client } from '@modelcontextprotocol/client';
import * as v from 'valibot';
import { z } from 'zod';
import {
  Args,
  Ctx,
  ElicitRequestParams,
  ElicitSchema,
  Elicitor,
  Field,
  Tool,
  Tools,
  UseInterceptors,
  buildFormSchema,
} from 'elicitor';
import type { CallInfo, Context, ElicitorApp, ElicitorInterceptor } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Broken forms no module lists in `forms`: an app is refused for those its code names. */
class Address {
  street!: string;
}

@ElicitSchema()
class WithNestedObject {
  @Field() address!: Address;
}

@ElicitSchema()
class WithUndecoratedProperty {
  @Field() name!: string;
  nickname = '';
}

@ElicitSchema()
class WithUnsupportedType {
  @Field() amount!: bigint;
}

/** Declared as if compiled without emitDecoratorMetadata: the decorators are applied by hand. */
class WithoutMetadata {
  name!: string;
}
Field()(WithoutMetadata.prototype, 'name');
ElicitSchema()(WithoutMetadata);

/** Tools that ask with each broken form: naming a form in its code is what makes it this app's form. */
@Tools()
class AsksNested {
  @Tool({ description: 'Asks for an address' })
  async askAddress(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit('where', ElicitRequestParams.form('Where?').withSchema(WithNestedObject)))
      .action;
  }
}

@Tools()
class AsksOthers {
  @Tool({ description: 'Asks for a name' })
  async askName(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit('who', ElicitRequestParams.form('Who?').withSchema(WithUndecoratedProperty)))
      .action;
  }

  @Tool({ description: 'Asks for an amount' })
  async askAmount(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit('sum', ElicitRequestParams.form('How much?').withSchema(WithUnsupportedType)))
      .action;
  }

  @Tool({ description: 'Asks without metadata' })
  async askUntyped(@Ctx() ctx: Context): Promise<string> {
    return (await ctx.elicit('raw', ElicitRequestParams.form('Name?').withSchema(WithoutMetadata))).action;
  }
}

@injectable()
class Quotes {
  price(): number {
    return 7;
  }
}

@injectable()
class Pricing {
  constructor(private readonly quotes: Quotes) {}
  total(): number {
    return this.quotes.price() + 1;
  }
}

@Tools()
class Shop {
  constructor(private readonly quotes: Quotes) {}

  @Tool({ description: 'Places an order' })
  placeOrder(): string {
    return `order at ${this.quotes.price()}`;
  }
}

@Tools()
class Checkout {
  constructor(private readonly pricing: Pricing) {}

  @Tool({ description: 'Totals a basket' })
  total(): string {
    return String(this.pricing.total());
  }
}

@Tools()
class Rated {
  constructor(@inject('RATE') private readonly rate: number) {}

  @Tool({ description: 'Tells the rate' })
  tellRate(): string {
    return String(this.rate);
  }
}

interface Ledger {
  write(line: string): void;
}

@Tools()
class Books {
  constructor(private readonly ledger: Ledger) {}

  @Tool({ description: 'Writes a line' })
  write(): string {
    this.ledger.write('x');
    return 'ok';
  }
}

@injectable()
class AuditInterceptor implements ElicitorInterceptor {
  constructor(@inject('AUDIT_SINK') private readonly sink: string[]) {}
  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    this.sink.push(call.name);
    return next();
  }
}

@Tools()
class Audited {
  @Tool({ description: 'Audited ping' })
  @UseInterceptors(AuditInterceptor)
  ping(): string {
    return 'pong';
  }
}

class Untyped {
  constructor(readonly quotes: Quotes) {}
  quote(): string {
    return String(this.quotes.price());
  }
}
Tool({ description: 'Quotes without metadata' })(
  Untyped.prototype,
  'quote',
  Object.getOwnPropertyDescriptor(Untyped.prototype, 'quote')!,
);
Tools()(Untyped);

class NameArgs {
  @Field() @IsString() name!: string;
}

class UntypedArgs {
  greet(args: NameArgs): string {
    return `hi ${args.name}`;
  }
}
Args()(UntypedArgs.prototype, 'greet', 0);
Tool({ description: 'Greets without metadata' })(
  UntypedArgs.prototype,
  'greet',
  Object.getOwnPropertyDescriptor(UntypedArgs.prototype, 'greet')!,
);
Tools()(UntypedArgs);

@Tools()
class Billing {
  @Tool({ description: 'Pays a bill' })
  payBill(@Ctx() _ctx: Context): string {
    return 'paid';
  }

  @Tool({ description: 'Lists invoices' })
  listInvoices(): string {
    return 'none';
  }
}

const base = { name: 'fail-fast', version: '1.0.0', logger: quietLogger };

describe('Elicitor.create fails fast on what would fail only on a first call', () => {
  it('builds every @ElicitSchema class the app names, listed or not, and names Class.property', async () => {
    await expect(Elicitor.create({ ...base, tools: [AsksNested] })).rejects.toThrow(
      'WithNestedObject.address: is a nested object (Address); an elicitation form is flat',
    );
    await expect(
      Elicitor.create({ ...base, tools: [AsksOthers], forms: [WithUnsupportedType] }),
    ).rejects.toThrow('WithUnsupportedType.amount: has type BigInt, which JSON Schema cannot describe');
    await expect(Elicitor.create({ ...base, tools: [AsksOthers] })).rejects.toThrow(
      'WithUndecoratedProperty.nickname: has neither @Field() nor a class-validator rule',
    );
    await expect(Elicitor.create({ ...base, tools: [AsksOthers], forms: [WithoutMetadata] })).rejects.toThrow(
      'WithoutMetadata.name: has no design:type: the compiler emitted no decorator metadata; set "emitDecoratorMetadata": true',
    );
  });

  it('refuses every app that names a broken form, not only the first one in the process', async () => {
    for (let app = 0; app < 3; app++) {
      await expect(Elicitor.create({ ...base, tools: [AsksNested] })).rejects.toThrow(
        'WithNestedObject.address',
      );
    }
  });

  it("shows an app's own error, not a broken form that only another app names (which it warns about)", async () => {
    @ElicitSchema()
    class OtherAppsForm {
      @Field() address!: Address;
    }
    const warnings: string[] = [];
    const logger = { ...quietLogger, warn: (message: string) => warnings.push(message) };
    await expect(Elicitor.create({ ...base, logger, tools: [Shop] })).rejects.toThrow(
      'Shop (tool class) cannot be built: it needs Quotes',
    );
    expect(warnings.filter((warning) => warning.includes('OtherAppsForm'))).toStrictEqual([
      'OtherAppsForm.address: is a nested object (Address); an elicitation form is flat, so ask for its fields one by one (no code of this app names OtherAppsForm, so it does not stop this app; list it in forms to check it at startup)',
    ]);
    const app = await Elicitor.create({ ...base, tools: [Shop], providers: [Quotes] });
    await app.close();
    expect(() => buildFormSchema(OtherAppsForm)).toThrow('OtherAppsForm.address');
  });

  it('refuses a Standard Schema as inputSchema, and warns of a raw one that no @Args() parameter reads', async () => {
    const Place = z.object({ city: z.string() });
    @Tools()
    class SchemaInOptions {
      @Tool({ description: 'Finds a place', inputSchema: Place as unknown as Record<string, unknown> })
      find(): string {
        return 'found';
      }
    }
    @Tools()
    class ValibotInOptions {
      @Tool({
        description: 'Finds a place',
        inputSchema: v.object({ city: v.string() }) as unknown as Record<string, unknown>,
      })
      find(): string {
        return 'found';
      }
    }
    await expect(Elicitor.create({ ...base, tools: [ValibotInOptions] })).rejects.toThrow(
      'ValibotInOptions.find: @Tool({ inputSchema }) takes a raw JSON Schema, not a Standard Schema',
    );
    await expect(Elicitor.create({ ...base, tools: [SchemaInOptions] })).rejects.toThrow(
      'SchemaInOptions.find: @Tool({ inputSchema }) takes a raw JSON Schema, not a Standard Schema: give the schema to @Args(schema)',
    );
    @Tools()
    class RawSchemaOnly {
      @Tool({ description: 'Finds a place', inputSchema: z.toJSONSchema(Place) })
      find(): string {
        return 'found';
      }
    }
    const warnings: string[] = [];
    const logger = { ...quietLogger, warn: (message: string) => warnings.push(message) };
    const app = await Elicitor.create({ ...base, logger, tools: [RawSchemaOnly] });
    await app.close();
    expect(warnings.filter((warning) => warning.startsWith('tool find'))).toStrictEqual([
      expect.stringContaining(
        'tool find (RawSchemaOnly.find): its inputSchema lists arguments (city) but the handler has no @Args() parameter',
      ),
    ]);
  });

  it('reports a broken form once: a later, unrelated app starts', async () => {
    @ElicitSchema()
    class BrokenInline {
      @Field() address!: Address;
    }
    expect(() => buildFormSchema(BrokenInline)).toThrow('BrokenInline.address');
    const warnings: string[] = [];
    const logger = { ...quietLogger, warn: (message: string) => warnings.push(message) };
    const app = await Elicitor.create({ ...base, logger, tools: [Billing] });
    await app.close();
    expect(warnings.filter((warning) => warning.includes('BrokenInline'))).toStrictEqual([]);
  });

  it('still fails on a broken form listed in `forms`, however often it was built', async () => {
    await expect(Elicitor.create({ ...base, tools: [Billing], forms: [WithNestedObject] })).rejects.toThrow(
      'WithNestedObject.address',
    );
  });

  it('names a tool class dependency no provider supplies', async () => {
    await expect(Elicitor.create({ ...base, tools: [Shop] })).rejects.toThrow(
      'Shop (tool class) cannot be built: it needs Quotes (constructor parameter 1), which no provider supplies; add Quotes to providers',
    );
    const app = await Elicitor.create({ ...base, tools: [Shop], providers: [Quotes] });
    await app.close();
  });

  it('follows the dependencies of dependencies', async () => {
    await expect(
      Elicitor.create({
        ...base,
        tools: [Checkout],
        providers: [{ provide: Pricing, useClass: Pricing, scope: 'request' }],
      }),
    ).rejects.toThrow(
      'Checkout (tool class) cannot be built: Checkout → Pricing needs Quotes (constructor parameter 1), which no provider supplies; add Quotes to providers',
    );
  });

  it('follows what a request-scoped factory injects', async () => {
    const rate = {
      provide: 'RATE',
      scope: 'request' as const,
      useFactory: (quotes: Quotes) => quotes.price(),
      inject: [Quotes],
    };
    await expect(Elicitor.create({ ...base, tools: [Rated], providers: [rate] })).rejects.toThrow(
      'Rated (tool class) cannot be built: Rated → "RATE" needs Quotes (inject[0] of its factory), which no provider supplies; add Quotes to providers',
    );
    const app = await Elicitor.create({ ...base, tools: [Rated], providers: [rate, Quotes] });
    await app.close();
  });

  it('explains a dependency typed by an interface', async () => {
    await expect(Elicitor.create({ ...base, tools: [Books] })).rejects.toThrow(
      'Books (tool class) cannot be built: it has no runtime token for constructor parameter 1',
    );
  });

  it('checks interceptor classes listed with @UseInterceptors', async () => {
    await expect(Elicitor.create({ ...base, tools: [Audited] })).rejects.toThrow(
      'AuditInterceptor (interceptor) cannot be built: it needs "AUDIT_SINK" (constructor parameter 1), which no provider supplies; add "AUDIT_SINK" to providers',
    );
  });

  it('names emitDecoratorMetadata for a tool class and for @Args()', async () => {
    await expect(Elicitor.create({ ...base, tools: [Untyped] })).rejects.toThrow(
      'Untyped (tool class) cannot be built: it takes 1 constructor parameters but the compiler emitted no decorator metadata; set "emitDecoratorMetadata": true',
    );
    await expect(Elicitor.create({ ...base, tools: [UntypedArgs] })).rejects.toThrow(
      'UntypedArgs.greet: @Args() cannot see the parameter\'s class: the compiler emitted no decorator metadata; set "emitDecoratorMetadata": true',
    );
  });
});

describe.each(['modern', 'legacy'] as const)('an unknown tool on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;
  const sink: string[] = [];

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({
      ...base,
      tools: [Billing, Audited],
      providers: [{ provide: 'AUDIT_SINK', useValue: sink }],
    }));
    client = await connectHttp(officialClient({ era }), url);
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('suggests the closest registered name', async () => {
    await expect(client.callTool({ name: 'pay_bil' })).rejects.toThrow(
      'Unknown tool: pay_bil. Did you mean "pay_bill"?',
    );
    await expect(client.callTool({ name: 'listInvoices' })).rejects.toThrow(
      'Unknown tool: listInvoices. Did you mean "list_invoices"?',
    );
  });

  it('suggests nothing when no name is close', async () => {
    const rejection = await client.callTool({ name: 'refund_everything' }).catch((error: Error) => error);
    expect((rejection as Error).message).toContain('Unknown tool: refund_everything');
    expect((rejection as Error).message).not.toContain('Did you mean');
  });

  it('resolves an interceptor class listed with @UseInterceptors once its dependency is provided', async () => {
    const result = await client.callTool({ name: 'ping' });
    expect(result.content).toStrictEqual([{ type: 'text', text: 'pong' }]);
    expect(sink).toContain('ping');
  });
});
