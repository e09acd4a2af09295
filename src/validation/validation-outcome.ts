import type { SchemaIssue } from '../schema/json-value.check.js';

/** One failing check: the path (`email`, `address.city`, `items[0].sku`), the rule, and a readable line. */
export type ValidationIssue = SchemaIssue;

/** A converted, validated value, or every issue plus one human line naming each field and rule. */
export type ValidationOutcome<T> =
  { ok: true; value: T } | { ok: false; issues: ValidationIssue[]; message: string };
