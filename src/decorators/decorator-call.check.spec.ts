import 'reflect-metadata';
import { Args } from './args.decorator.js';
import { Catch } from './catch.decorator.js';
import { Complete } from './complete.decorator.js';
import { Ctx } from './ctx.decorator.js';
import { ElicitSchema } from './elicit-schema.decorator.js';
import { Field } from './field.decorator.js';
import { Global, Module } from './module.decorator.js';
import { Prompt } from './prompt.decorator.js';
import { Resource } from './resource.decorator.js';
import { Tool } from './tool.decorator.js';
import { Tools } from './tools.decorator.js';
import { UseFilters } from './use-filters.decorator.js';
import { UseGuards } from './use-guards.decorator.js';
import { UseInterceptors } from './use-interceptors.decorator.js';

type AnyDecorator = (...args: unknown[]) => unknown;

const FLAGS =
  'Set "experimentalDecorators": true and "emitDecoratorMetadata": true in the compilerOptions of tsconfig.json, then rebuild.';

/** What tsc emits without `experimentalDecorators`: `(value, context)`, the context naming the element. */
const standardCall = (kind: string, name: string) => [
  kind === 'field' ? undefined : function element() {},
  { kind, name, static: false, private: false, addInitializer: () => {}, metadata: {} },
];

describe('Elicitor decorators called as standard (TC39) decorators', () => {
  it.each([
    ['@Tools()', Tools(), 'class', 'Shop'],
    ['@ElicitSchema()', ElicitSchema(), 'class', 'Contact'],
    ['@Module()', Module(), 'class', 'ShopModule'],
    ['@Global()', Global(), 'class', 'ConfigModule'],
    ['@Catch()', Catch(), 'class', 'AllErrors'],
    ['@Tool()', Tool({ description: 'd' }), 'method', 'placeOrder'],
    ['@Prompt()', Prompt(), 'method', 'review'],
    ['@Resource()', Resource({ uri: 'x://y' }), 'method', 'readme'],
    ['@Complete()', Complete({ prompt: 'p', argument: 'a' }), 'method', 'languages'],
    ['@UseGuards()', UseGuards(), 'method', 'refund'],
    ['@UseFilters()', UseFilters(), 'class', 'Shop'],
    ['@UseInterceptors()', UseInterceptors(), 'method', 'refund'],
    ['@Field()', Field(), 'field', 'email'],
  ])('%s refuses, naming the element and both tsconfig flags', (name, decorator, kind, element) => {
    expect(() => (decorator as AnyDecorator)(...standardCall(kind, element))).toThrow(
      `${name} was applied as a standard (TC39) decorator on ${element} (a ${kind}): Elicitor needs TypeScript's legacy decorators and the metadata they emit. ${FLAGS}`,
    );
  });

  it('parameter decorators refuse a standard call too', () => {
    for (const decorator of [Args(), Ctx()]) {
      expect(() => (decorator as AnyDecorator)(undefined, { kind: 'parameter', name: 'args' })).toThrow(
        FLAGS,
      );
    }
  });

  it('legacy calls still record', () => {
    class Form {
      name!: string;
    }
    expect(() => Field()(Form.prototype, 'name')).not.toThrow();
    expect(() => ElicitSchema()(Form)).not.toThrow();
  });
});
