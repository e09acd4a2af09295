import type { Tool } from '@modelcontextprotocol/server';
import { deepFreeze } from '../shared/deep-freeze.js';
import { ANSWER_TOOL_NAME } from '../shared/mcp-apps.constants.js';

/** The `tools/list` entry of `elicitor_answer`: app-only, so hosts hide it from the model. */
export const ANSWER_TOOL_ENTRY: Tool = deepFreeze({
  name: ANSWER_TOOL_NAME,
  description:
    'Answers a question asked through an app: re-runs the tool that asked, from its sealed continuation, with the answer.',
  inputSchema: {
    type: 'object',
    properties: {
      continuation: {
        type: 'object',
        properties: {
          tool: { type: 'string' },
          arguments: { type: 'object' },
          requestState: { type: 'string' },
        },
        required: ['tool', 'arguments', 'requestState'],
      },
      action: { type: 'string', enum: ['accept', 'decline', 'cancel'] },
      content: { type: 'object' },
    },
    required: ['continuation', 'action'],
  },
  _meta: { ui: { visibility: ['app'] } },
}) as Tool;
