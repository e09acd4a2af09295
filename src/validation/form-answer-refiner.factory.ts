import type { ClassType } from '../metadata/class-type.js';
import type { StandardSchema } from '../schema/standard-schema.js';
import { FORM_ANSWER_LABEL, failedFormAnswer } from './form-answer.check.js';
import type { FormAnswerRefiner } from './form-answer.check.js';
import { compiledPattern } from '../schema/string-rules.js';
import { toValidatedInstance } from './instance-pipeline.js';
import { validateStandardNow } from './standard-schema.check.js';

/** An `@ElicitSchema()` class's answers become validated instances of it (class-validator's rules too). */
export function classAnswerRefiner(cls: ClassType): FormAnswerRefiner {
  return (fields, schemaIssues) => toValidatedInstance(cls, fields, schemaIssues, FORM_ANSWER_LABEL);
}

/**
 * A Standard Schema form's answers become the schema's output: once the sent schema accepts them, the
 * library checks what the wire cannot carry (refinements) and fills its defaults.
 */
export function standardAnswerRefiner(schema: StandardSchema): FormAnswerRefiner {
  return (fields, schemaIssues) =>
    schemaIssues.length > 0
      ? Promise.resolve(failedFormAnswer(schemaIssues))
      : Promise.resolve(validateStandardNow(schema, fields, FORM_ANSWER_LABEL));
}

/**
 * A hand-written form's answers, once the sent schema accepts them, also match the patterns that were
 * left off the wire beside a `format` (see `formatPatternsOf`); the answer stays the plain fields.
 */
export function patternAnswerRefiner(patterns: Readonly<Record<string, string>>): FormAnswerRefiner {
  const checks = Object.entries(patterns).map(([name, pattern]) => [name, compiledPattern(pattern)] as const);
  return (fields, schemaIssues) => {
    const issues = [...schemaIssues];
    for (const [name, regex] of checks) {
      const value = fields[name];
      if (typeof value === 'string' && !regex.test(value)) {
        issues.push({ path: name, rule: 'pattern', message: `${name} is not in the expected format` });
      }
    }
    return Promise.resolve(issues.length > 0 ? failedFormAnswer(issues) : { ok: true, value: fields });
  };
}
