import type { App } from '@modelcontextprotocol/ext-apps';

/** The part of a tool result the form app reads. */
export interface ToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

/** The question a call's result carries when it asks through the app (see `elicitorQuestion`). */
export interface AppQuestion {
  key: string;
  message: string;
  requestedSchema: unknown;
  app?: string;
  continuation: unknown;
}

/** The result's `structuredContent.elicitorQuestion`, when the call asks (again). */
export function questionOf(result: ToolResultLike): AppQuestion | undefined {
  const structured = result.structuredContent as { elicitorQuestion?: AppQuestion } | undefined;
  const question = structured?.elicitorQuestion;
  return question && typeof question.message === 'string' && typeof question.key === 'string'
    ? question
    : undefined;
}

/** The result's text items, joined by newlines. */
export function textOf(result: ToolResultLike): string {
  const items = Array.isArray(result.content)
    ? (result.content as Array<{ type?: unknown; text?: unknown }>)
    : [];
  return items
    .filter((item) => item.type === 'text' && typeof item.text === 'string')
    .map((item) => item.text as string)
    .join('\n');
}

/**
 * Puts the outcome of the call into the conversation: as model context when the host takes it
 * (`ui/update-model-context`), else as a message (`ui/message`). Returns which one, or `none` when the
 * host takes neither.
 */
export async function tellHost(
  app: App,
  tool: string,
  outcome: string,
): Promise<'context' | 'message' | 'none'> {
  const text = `The user answered in the app. ${tool} finished: ${outcome}`;
  const capabilities = app.getHostCapabilities();
  if (capabilities?.updateModelContext) {
    await app.updateModelContext({ content: [{ type: 'text', text }] });
    return 'context';
  }
  if (capabilities?.message) {
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
    return 'message';
  }
  return 'none';
}
