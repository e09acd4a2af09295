import type { Tool } from '@modelcontextprotocol/server';
import { appAskingTools } from './app-asking-tools.builder.js';

const schema = { type: 'object' as const };

describe('appAskingTools', () => {
  it('gives each model tool the form app, keeps a tool’s own app and app-only tools, and adds elicitor_answer', () => {
    const tools: Tool[] = [
      { name: 'plain', inputSchema: schema, _meta: { other: 1 } },
      { name: 'own', inputSchema: schema, _meta: { ui: { resourceUri: 'ui://own/app' } } },
      { name: 'app_only', inputSchema: schema, _meta: { ui: { visibility: ['app'] } } },
      { name: 'both', inputSchema: schema, _meta: { ui: { visibility: ['model', 'app'] } } },
    ];
    const listed = appAskingTools(tools);
    expect(listed.map((tool) => [tool.name, tool._meta])).toStrictEqual([
      ['plain', { other: 1, ui: { resourceUri: 'ui://elicitor/form' } }],
      ['own', { ui: { resourceUri: 'ui://own/app' } }],
      ['app_only', { ui: { visibility: ['app'] } }],
      ['both', { ui: { visibility: ['model', 'app'], resourceUri: 'ui://elicitor/form' } }],
      ['elicitor_answer', { ui: { visibility: ['app'] } }],
    ]);
    expect(tools[0]!._meta).toStrictEqual({ other: 1 });
  });

  it('lists a tool that may ask without its output schema, which a question result does not match', () => {
    const outputSchema = { type: 'object' as const, properties: { total: { type: 'number' } } };
    const listed = appAskingTools([
      { name: 'quote', inputSchema: schema, outputSchema },
      { name: 'own', inputSchema: schema, outputSchema, _meta: { ui: { resourceUri: 'ui://own/app' } } },
      { name: 'app_only', inputSchema: schema, outputSchema, _meta: { ui: { visibility: ['app'] } } },
    ]);
    expect(listed.map((tool) => [tool.name, tool.outputSchema])).toStrictEqual([
      ['quote', undefined],
      ['own', undefined],
      ['app_only', outputSchema],
      ['elicitor_answer', undefined],
    ]);
  });
});
