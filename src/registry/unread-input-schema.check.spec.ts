import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { Args } from '../decorators/args.decorator.js';
import { Tool } from '../decorators/tool.decorator.js';
import { Tools } from '../decorators/tools.decorator.js';
import { HandlerRegistry } from './handler-registry.js';
import { unreadInputSchemaWarnings } from './unread-input-schema.check.js';

const CITY_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city', 'day'] };

@Tools()
class AlertTools {
  @Tool({ description: 'Sends an alert', inputSchema: CITY_SCHEMA })
  alert(): string {
    return 'sent';
  }

  @Tool({ description: 'Lists with @Args(schema)', inputSchema: CITY_SCHEMA })
  listed(@Args(z.object({ city: z.string() })) args: { city: string }): string {
    return args.city;
  }

  @Tool({ description: 'Takes nothing', inputSchema: { type: 'object', properties: {} } })
  ping(): string {
    return 'pong';
  }
}

describe('unreadInputSchemaWarnings', () => {
  it('names each tool whose raw inputSchema lists arguments no @Args() parameter takes, and what to do', () => {
    const registry = new HandlerRegistry([AlertTools]);
    expect(unreadInputSchemaWarnings(registry.tools.values())).toStrictEqual([
      'tool alert (AlertTools.alert): its inputSchema lists arguments (city, day) but the handler has no @Args() parameter, so calls are not validated against it and the handler never receives them; add @Args(schema) with a Zod, Valibot or ArkType schema (it is listed and validates each call) or @Args() with a class, and keep inputSchema only to publish what the schema cannot express',
    ]);
  });
});
