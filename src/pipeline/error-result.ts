import { ResultValueError } from '../errors/result-value.error.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { UserError } from '../errors/user.error.js';

export const INTERNAL_ERROR_TEXT = 'An internal error occurred while running this tool';

/**
 * A tool result that reports a failure to the user. Only `UserError` messages, the refusal of a value
 * JSON cannot carry (which names no more than the tool and a path), and a form that cannot be asked
 * (found on its first use, naming the form and the property) are shown as written.
 */
export function toToolErrorResult(error: unknown): {
  content: Array<{ type: 'text'; text: string }>;
  isError: true;
} {
  const shown = error instanceof UserError || error instanceof ResultValueError;
  const text = shown
    ? error.message
    : error instanceof SchemaDefinitionError
      ? `This tool's form cannot be asked: ${error.message}`
      : INTERNAL_ERROR_TEXT;
  return { content: [{ type: 'text', text }], isError: true };
}

export function isErrorResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}
