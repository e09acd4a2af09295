import type { FormQuestion } from './form-question.types.js';

/** A one-line summary of a field, e.g. `age: integer 0..150, required`. */
export function describeFormQuestion(question: FormQuestion): string {
  const parts: string[] = [];
  switch (question.kind) {
    case 'text':
      parts.push(question.format ? `text (${question.format})` : 'text');
      if (question.minLength !== undefined || question.maxLength !== undefined) {
        parts.push(`${range(question.minLength, question.maxLength)} chars`);
      }
      break;
    case 'number': {
      const bounds = question.minimum !== undefined || question.maximum !== undefined;
      parts.push(
        `${question.integer ? 'integer' : 'number'}${bounds ? ` ${range(question.minimum, question.maximum)}` : ''}`,
      );
      break;
    }
    case 'boolean':
      parts.push('yes/no');
      break;
    case 'select':
      parts.push(`one of ${question.choices.map((choice) => choice.label).join(' | ')}`);
      break;
    case 'multiselect':
      parts.push(`any of ${question.choices.map((choice) => choice.label).join(' | ')}`);
      if (question.minItems !== undefined || question.maxItems !== undefined) {
        parts.push(`${range(question.minItems, question.maxItems)} items`);
      }
      break;
    case 'unsupported':
      parts.push(`unsupported: ${question.reason}`);
      break;
  }
  parts.push(question.required ? 'required' : 'optional');
  const label = question.label === question.name ? question.name : `${question.name} "${question.label}"`;
  return `${label}: ${parts.join(', ')}`;
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}..${max}`;
  return min !== undefined ? `>= ${min}` : `<= ${max}`;
}
