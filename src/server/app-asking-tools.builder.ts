import type { Tool } from '@modelcontextprotocol/server';
import { FORM_APP_URI } from '../shared/mcp-apps.constants.js';
import { ANSWER_TOOL_ENTRY } from './answer-tool.constants.js';

/**
 * The tool list a client asked through apps gets: every tool the model calls may ask, so each carries an
 * app to show its result (its own, else the form app), and `elicitor_answer` is listed for the apps.
 * Such a tool is listed without its `outputSchema`: a result that asks carries the question in
 * `structuredContent`, which a client would otherwise check against the tool's own output schema. An
 * app-only tool is left as it is: the model never calls it.
 */
export function appAskingTools(tools: readonly Tool[]): readonly Tool[] {
  const listed = tools.map((entry) => {
    const ui = entry._meta?.ui as { resourceUri?: string; visibility?: string[] } | undefined;
    if (ui?.visibility !== undefined && !ui.visibility.includes('model')) return entry;
    const { outputSchema: _outputSchema, ...asking } = entry;
    if (ui?.resourceUri !== undefined) return _outputSchema === undefined ? entry : Object.freeze(asking);
    return Object.freeze({
      ...asking,
      _meta: { ...entry._meta, ui: { ...ui, resourceUri: FORM_APP_URI } },
    }) as Tool;
  });
  return Object.freeze([...listed, ANSWER_TOOL_ENTRY]);
}
