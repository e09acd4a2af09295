import { buildFormQuestions } from '../client/form/form-question.builder.js';
import { describeFormQuestion } from '../client/form/form-question.formatter.js';
import type { AppFormsListing } from './app-forms.types.js';

/** A Markdown page: per form, its texts, one line per field, and the exact schema a client receives. */
export function formatFormsMarkdown(listing: AppFormsListing): string {
  const lines = [`# Forms of ${listing.app.name} ${listing.app.version}`, ''];
  for (const form of listing.forms) {
    lines.push(`## ${form.title ? `${form.title} (\`${form.name}\`)` : `\`${form.name}\``}`, '');
    if (form.description) lines.push(form.description, '');
    for (const question of buildFormQuestions(form.schema)) lines.push(`- ${describeFormQuestion(question)}`);
    lines.push('', '```json', JSON.stringify(form.schema, null, 2), '```', '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
