import { buildFormQuestions } from '../client/form/form-question.builder.js';
import { describeFormQuestion } from '../client/form/form-question.formatter.js';
import type { TerminalStyle } from '../shared/terminal-style.js';
import type { AppFormsListing } from './app-forms.types.js';

/** For the terminal: each form's name, then one line per field. */
export function formatFormsText(listing: AppFormsListing, style: TerminalStyle): string[] {
  const lines = [`${listing.app.name} ${listing.app.version}: ${listing.forms.length} form(s)`];
  for (const form of listing.forms) {
    lines.push('', style.paint('bold', form.title ? `${form.name} (${form.title})` : form.name));
    if (form.description) lines.push(`  ${form.description}`);
    for (const question of buildFormQuestions(form.schema)) lines.push(`  ${describeFormQuestion(question)}`);
  }
  return lines;
}
