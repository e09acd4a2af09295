import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { ConfirmationForm } from '../forms/confirmation.form.js';

export class RegionArgs {
  @Field({ description: 'Where to run; mirrored into the Mcp-Param-Region header', optional: true })
  region?: string;
}

/** Kept verbatim in `tools/list`: Elicitor never rewrites a raw `inputSchema`. */
const JSON_SCHEMA_2020_12_INPUT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } } },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Tools that exercise protocol rules rather than content: capabilities, streams, schemas, headers. */
@Tools()
export class ProtocolTools {
  /** Needs sampling; a request that did not declare it gets -32021 naming `{ sampling: {} }`. */
  @Tool({ name: 'test_missing_capability', description: "Needs the client's sampling capability" })
  async missingCapability(@Ctx() ctx: Context): Promise<string> {
    await ctx.sample('probe', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
      maxTokens: 10,
    });
    return 'The client can sample.';
  }

  /** The question travels inside the result (input_required), never as a request on the response stream. */
  @Tool({
    name: 'test_streaming_elicitation',
    description: 'Asks for a confirmation without pushing a request on the stream',
  })
  async streamingElicitation(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form('Continue with the streaming test?').withSchema(ConfirmationForm),
    );
    return `Streaming elicitation answered: ${answer.action}`;
  }

  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Takes arguments described by a JSON Schema 2020-12 document kept as written',
    inputSchema: JSON_SCHEMA_2020_12_INPUT,
  })
  jsonSchema202012(): string {
    return 'JSON Schema 2020-12 tool called';
  }

  @Tool({
    name: 'test_x_mcp_header',
    description: 'Echoes a region that clients mirror into the Mcp-Param-Region header',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' } },
    },
  })
  xMcpHeader(@Args() args: RegionArgs): string {
    return `Region: ${args.region ?? '(none)'}`;
  }
}
