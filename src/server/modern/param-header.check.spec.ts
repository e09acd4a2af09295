import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Tool } from '../../decorators/tool.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import type { ClassType } from '../../metadata/class-type.js';
import { HandlerRegistry } from '../../registry/handler-registry.js';
import type { CheckedMessage } from './envelope.js';
import { ParamHeaderRules } from './param-header.check.js';

function toolsWith(inputSchema: Record<string, unknown>): ClassType {
  @Tools()
  class HeaderTools {
    @Tool({ name: 'deploy', description: 'Deploys', inputSchema })
    deploy(): string {
      return 'ok';
    }
  }
  return HeaderTools;
}

function rulesFor(inputSchema: Record<string, unknown>): ParamHeaderRules {
  return new ParamHeaderRules(new HandlerRegistry([toolsWith(inputSchema)]).tools.values());
}

const SCHEMA = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    replicas: { type: 'integer', 'x-mcp-header': 'Replicas' },
    target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
  },
};

function call(args: Record<string, unknown>): CheckedMessage {
  return { id: 1, method: 'tools/call', params: { name: 'deploy', arguments: args } };
}

function headers(params: Record<string, string>) {
  return { protocolVersion: '2026-07-28', method: 'tools/call', name: 'deploy', params };
}

function refusal(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    const failure = error as { rpcCode: number; httpStatus: number; message: string };
    expect(failure).toMatchObject({ rpcCode: -32020, httpStatus: 400 });
    return failure.message;
  }
  return undefined;
}

describe('Mcp-Param-* header rules', () => {
  const rules = rulesFor(SCHEMA);

  it('accepts headers equal to the body, plain or Base64, numbers compared as numbers', () => {
    expect(rules.toolCount).toBe(1);
    expect(
      refusal(() =>
        rules.check(
          headers({ region: '=?base64?SGVsbG8=?=', replicas: '3.0', zone: 'eu-1' }),
          call({ region: 'Hello', replicas: 3, target: { zone: 'eu-1' } }),
        ),
      ),
    ).toBeUndefined();
    expect(
      refusal(() => rules.check(headers({ region: 'SGVsbG8=' }), call({ region: 'SGVsbG8=' }))),
    ).toBeUndefined();
    expect(
      refusal(() =>
        rules.check(headers({ region: '=?base64?SGVsbG8=' }), call({ region: '=?base64?SGVsbG8=' })),
      ),
    ).toBeUndefined();
  });

  it('needs no header for an absent or null argument, and checks no other method', () => {
    expect(refusal(() => rules.check(headers({}), call({ region: null })))).toBeUndefined();
    expect(refusal(() => rules.check(headers({ region: 'anything' }), call({})))).toBeUndefined();
    const list: CheckedMessage = { id: 2, method: 'tools/list', params: {} };
    expect(refusal(() => rules.check(headers({}), list))).toBeUndefined();
  });

  it('refuses a missing, malformed or different header with -32020', () => {
    expect(refusal(() => rules.check(headers({}), call({ region: 'Hello' })))).toMatch(
      /Mcp-Param-Region header is required/,
    );
    expect(
      refusal(() => rules.check(headers({ region: '=?base64?SGVsbG8?=' }), call({ region: 'Hello' }))),
    ).toMatch(/not valid Base64/);
    expect(
      refusal(() => rules.check(headers({ region: '=?base64?SGVs!!!bG8=?=' }), call({ region: 'Hello' }))),
    ).toMatch(/not valid Base64/);
    expect(refusal(() => rules.check(headers({ region: 'Bonjour' }), call({ region: 'Hello' })))).toMatch(
      /does not match arguments\.region/,
    );
    expect(refusal(() => rules.check(headers({ zone: 'eu-2' }), call({ target: { zone: 'eu-1' } })))).toMatch(
      /arguments\.target\.zone/,
    );
  });

  it('refuses bad declarations at bootstrap', () => {
    const bad =
      (property: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      () =>
        rulesFor({ type: 'object', properties: { value: property, ...extra } });
    expect(bad({ type: 'string', 'x-mcp-header': 'Bad Name' })).toThrow(/must be a header-name token/);
    expect(bad({ type: 'array', 'x-mcp-header': 'List' })).toThrow(
      /only allowed on string, number, integer or boolean/,
    );
    expect(
      bad(
        { type: 'string', 'x-mcp-header': 'Region' },
        { other: { type: 'string', 'x-mcp-header': 'region' } },
      ),
    ).toThrow(/"region" is already used by value/);
  });
});
