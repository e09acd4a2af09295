import type { ValidationIssue } from './validation-outcome.js';

/** `Invalid arguments: email (isEmail): email must be an email; age (max): age must not be greater than 150`. */
export function formatIssues(label: string, issues: readonly ValidationIssue[]): string {
  return `${label}: ${issues.map((issue) => `${issue.path || '(root)'} (${issue.rule}): ${issue.message}`).join('; ')}`;
}
