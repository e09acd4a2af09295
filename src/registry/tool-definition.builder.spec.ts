import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import * as v from 'valibot';
import { z } from 'zod';
import { z as zod3 } from 'zod-3';
import { Args } from '../decorators/args.decorator.js';
import type { ClassType } from '../metadata/class-type.js';
import type { ToolMetadata } from '../metadata/tool.metadata.js';
import { buildToolDefinition } from './tool-definition.builder.js';

const Search = z.object({ query: z.string().min(1), limit: z.number().int().default(10) });
const Result = z.object({ hits: z.number().int().min(0) });

/** Builds the one tool of a class whose `search` method takes `@Args(schema)`. */
function definitionWith(schema: unknown, output?: unknown) {
  class SearchTools {
    search(@Args(schema as never) _args: unknown): string {
      return '';
    }
  }
  const metadata: ToolMetadata = { methodName: 'search', options: { description: 'Searches' } };
  if (output) metadata.options.output = output as ClassType;
  return buildToolDefinition(SearchTools, metadata, '');
}

describe('buildToolDefinition with Standard Schemas', () => {
  it('lists the schema its library converts, and keeps the schema to validate with', () => {
    const definition = definitionWith(Search, Result);
    expect(definition.argsSchema).toBe(Search);
    expect(definition.argsClass).toBeUndefined();
    expect(definition.listEntry.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        limit: { type: 'integer', default: 10, minimum: -9007199254740991, maximum: 9007199254740991 },
      },
      required: ['query'],
    });
    expect(definition.outputStandardSchema).toBe(Result);
    expect(definition.outputClass).toBeUndefined();
    expect(definition.listEntry.outputSchema).toMatchObject({
      type: 'object',
      properties: { hits: { type: 'integer', minimum: 0 } },
    });
  });

  it('says what to wrap a schema with when its library cannot describe it', () => {
    expect(() => definitionWith(v.object({ query: v.string() }))).toThrow(
      'SearchTools.search @Args(): a Valibot schema needs wrapping: `toStandardJsonSchema(schema)` from `@valibot/to-json-schema`',
    );
    expect(() => definitionWith(zod3.object({ query: zod3.string() }))).toThrow(
      'SearchTools.search @Args(): this Zod version has no `~standard.jsonSchema`: Elicitor needs zod 4.2 or later (zod 3 is not supported)',
    );
  });

  it('refuses @Args() given something that is not a Standard Schema, and arguments that are not an object', () => {
    expect(() => definitionWith({ query: 'string' })).toThrow(
      'SearchTools.search: @Args(schema) needs a Standard Schema (zod 4.2+, Valibot, ArkType)',
    );
    expect(() => definitionWith(z.string())).toThrow('SearchTools.search @Args(): must be an object schema');
  });
});

describe('buildToolDefinition with a Standard Schema as inputSchema', () => {
  it('refuses it at startup and says to give it to @Args(schema)', () => {
    class SearchTools {
      search(): string {
        return '';
      }
    }
    const options = { description: 'Searches', inputSchema: Search as unknown as Record<string, unknown> };
    expect(() => buildToolDefinition(SearchTools, { methodName: 'search', options }, '')).toThrow(
      'SearchTools.search: @Tool({ inputSchema }) takes a raw JSON Schema, not a Standard Schema: give the schema to @Args(schema) on the handler parameter instead, which lists it, validates each call and passes the parsed arguments',
    );
  });
});

describe('buildToolDefinition with z.toJSONSchema() as inputSchema', () => {
  it('lists the JSON document as written, though Zod hides a `~standard` in it', () => {
    class SearchTools {
      search(@Args(Search) _args: unknown): string {
        return '';
      }
    }
    const inputSchema = z.toJSONSchema(Search);
    const definition = buildToolDefinition(
      SearchTools,
      { methodName: 'search', options: { description: 'Searches', inputSchema } },
      '',
    );
    expect(definition.listEntry.inputSchema).toBe(inputSchema);
  });
});
