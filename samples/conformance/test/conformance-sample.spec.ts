import 'reflect-metadata';
import { accept, TestClient } from 'elicitor/testing';
import { ConformanceModule, conformanceOptions } from '../src/conformance.module.js';

const SAMPLED = {
  role: 'assistant',
  content: { type: 'text', text: 'Paris' },
  model: 'test-model',
  stopReason: 'endTurn',
};
const ROOTS = { roots: [{ uri: 'file:///test/root', name: 'Test Root' }] };

/** The conformance sample in memory, on the 2026-07-28 wire; the suite itself runs it over HTTP. */
describe('conformance sample', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await TestClient.create(ConformanceModule, {
      ...conformanceOptions,
      logger: { info() {}, warn() {}, error() {} },
    });
  });
  afterAll(() => client.close());

  it('lists the content tools first, in registration order', async () => {
    const { body } = await client.request('tools/list');
    const names = (body.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
    expect(names.slice(0, 2)).toStrictEqual(['test_simple_text', 'test_image_content']);
    expect(names).toContain('test_input_required_result_capabilities');
  });

  it('keeps a raw 2020-12 input schema as written', async () => {
    const { body } = await client.request('tools/list');
    const tool = (
      body.result as { tools: Array<{ name: string; inputSchema: Record<string, unknown> }> }
    ).tools.find((entry) => entry.name === 'json_schema_2020_12_tool')!;
    expect(tool.inputSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { $anchor: 'addressDef' } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: {},
      then: {},
      else: {},
      additionalProperties: false,
    });
  });

  it('carries a value through the sealed requestState', async () => {
    const run = await client.callTool(
      'test_input_required_result_request_state',
      {},
      { answers: { confirm: accept({ ok: true }) } },
    );
    expect(run.rounds.map((round) => round.resultType)).toStrictEqual(['input_required', 'complete']);
    expect(run.rounds[0]!.requestStateBytes).toBeGreaterThan(0);
    expect(run.text).toMatch(/^state-ok: nonce [0-9a-f]{12} survived the round trip; confirmed=true$/);
  });

  it('asks the multi-round questions one round at a time', async () => {
    const run = await client.callTool(
      'test_input_required_result_multi_round',
      {},
      {
        answers: { step1: accept({ name: 'Alice' }), step2: accept({ color: 'blue' }) },
      },
    );
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual([
      ['step1'],
      ['step2'],
      [],
    ]);
    expect(run.text).toBe('Alice likes blue.');
  });

  it('asks for all three inputs in one round', async () => {
    const run = await client.callTool(
      'test_input_required_result_multiple_inputs',
      {},
      {
        answers: { user_name: accept({ name: 'Alice' }), greeting: SAMPLED, client_roots: ROOTS },
      },
    );
    expect(run.rounds[0]!.inputRequests.map((request) => request.key).sort()).toStrictEqual([
      'client_roots',
      'greeting',
      'user_name',
    ]);
    expect(run.text).toBe('Paris, Alice! Roots: file:///test/root');
  });

  it('asks only for the kinds the client declared', async () => {
    const run = await client.callTool(
      'test_input_required_result_capabilities',
      {},
      {
        capabilities: { sampling: {} },
        answers: { greeting: SAMPLED },
      },
    );
    expect(run.rounds[0]!.inputRequests.map((request) => request.method)).toStrictEqual([
      'sampling/createMessage',
    ]);
    expect(run.text).toBe('Asked only what the client supports: greeting=Paris');
  });

  it('refuses test_missing_capability without sampling: -32021 naming it', async () => {
    const run = await client.callTool('test_missing_capability', {}, { capabilities: {} });
    expect(run.status).toBe(400);
    expect(run.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });

  it('sends the SEP-1034 defaults and SEP-1330 enum shapes the suite expects', async () => {
    const { body } = await client.request('tools/call', {
      name: 'test_elicitation_sep1034_defaults',
      arguments: {},
    });
    const profile = (
      body.result as { inputRequests: { profile: { params: { requestedSchema: { properties: object } } } } }
    ).inputRequests.profile.params.requestedSchema.properties;
    expect(profile).toMatchObject({
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      score: { type: 'number', default: 95.5 },
      status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', default: true },
    });
    const enums = await client.request('tools/call', {
      name: 'test_elicitation_sep1330_enums',
      arguments: {},
    });
    const choices = (
      enums.body.result as {
        inputRequests: { choices: { params: { requestedSchema: { properties: object } } } };
      }
    ).inputRequests.choices.params.requestedSchema.properties;
    expect(choices).toMatchObject({
      untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
      titledSingle: { type: 'string', oneOf: [{ const: 'value1', title: 'First Option' }, {}, {}] },
      legacyEnum: {
        type: 'string',
        enum: ['opt1', 'opt2', 'opt3'],
        enumNames: ['Option One', 'Option Two', 'Option Three'],
      },
      untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
      titledMulti: { type: 'array', items: { anyOf: [{ const: 'value1', title: 'First Choice' }, {}, {}] } },
    });
  });

  it('reads the template resource with its variable', async () => {
    const run = await client.readResource('test://template/123/data');
    const contents = (run.result as { contents: Array<{ text: string; mimeType: string }> }).contents;
    expect(contents[0]).toMatchObject({ mimeType: 'application/json' });
    expect(JSON.parse(contents[0]!.text)).toStrictEqual({
      id: '123',
      templateTest: true,
      data: 'Data for ID: 123',
    });
  });
});
