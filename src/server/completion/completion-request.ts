import type { Context } from '../../context/context.js';

/** What a `completion/complete` refers to: a prompt by name, or a resource template by its URI template. */
export type CompletionReference =
  { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** The second parameter of a `@Complete()` method. */
export interface CompletionRequest {
  ref: CompletionReference;
  /** The argument being completed and what the user typed so far. */
  argument: { name: string; value: string };
  /** Arguments or template variables the client already resolved. */
  resolved: Readonly<Record<string, string>>;
  /** The request's context (era, capabilities, principal, signal). */
  context: Context;
}

/** What a `@Complete()` method may return besides a plain string array. */
export interface CompletionValues {
  values: string[];
  /** How many suggestions exist in all, when more than `values`. */
  total?: number;
  hasMore?: boolean;
}
