import { Module } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { InputRequiredPrompts } from './prompts/input-required.prompts.js';
import { TestPrompts } from './prompts/test.prompts.js';
import { TestResources } from './resources/test.resources.js';
import { ContentTools } from './tools/content.tools.js';
import { InputRequiredTools } from './tools/input-required.tools.js';
import { LegacyElicitationTools } from './tools/legacy-elicitation.tools.js';
import { ListChangeTools } from './tools/list-change.tools.js';
import { NotificationTools } from './tools/notification.tools.js';
import { ProtocolTools } from './tools/protocol.tools.js';
import { SamplingTools } from './tools/sampling.tools.js';
import { TaskTools } from './tools/task.tools.js';

/**
 * The conformance server's root module. Class order is `tools/list` order: the content tools come first
 * because the suite calls the first listed tool with no arguments.
 */
@Module({
  tools: [
    ContentTools,
    NotificationTools,
    LegacyElicitationTools,
    SamplingTools,
    InputRequiredTools,
    ProtocolTools,
    ListChangeTools,
    TaskTools,
    TestPrompts,
    InputRequiredPrompts,
    TestResources,
  ],
})
export class ConformanceModule {}

/** The app's options, next to the root module: shared by `main.ts` and the tests. */
export const conformanceOptions: ElicitorAppOptions = {
  name: 'elicitor-conformance',
  version: '0.1.0',
  instructions: 'The MCP conformance suite surface, served by Elicitor on both protocol eras.',
  listChanged: true,
  resourceSubscriptions: true,
};
