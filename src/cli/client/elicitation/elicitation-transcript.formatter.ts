import type { TerminalStyle } from '../../shared/terminal-style.js';
import { describeFormQuestion } from '../form/form-question.formatter.js';
import type { ElicitationReply, ElicitationRequest } from './elicitation-request.reader.js';
import { describeUrlTarget } from './url-target.formatter.js';

/**
 * The record of one question and its answer, printed on stdout so scripts and
 * tests can follow the flow:
 *
 *   [1] form: What is your name?
 *       name: text, required
 *       -> accept {"name":"Ada"}  (answers[0])
 */
export function formatElicitationTranscript(
  index: number,
  request: ElicitationRequest,
  reply: ElicitationReply,
  style: TerminalStyle,
): string[] {
  const lines = [`${style.paint('bold', `[${index}] ${request.mode}:`)} ${request.message}`];
  if (request.mode === 'form') {
    if (request.app) lines.push(`    ${appNote(request.app)}`);
    for (const question of request.questions) lines.push(`    ${describeFormQuestion(question)}`);
  } else {
    const target = describeUrlTarget(request.url);
    lines.push(`    url: ${target.href}`);
    lines.push(`    domain: ${style.paint('bold', target.domain ?? '(none)')}`);
    for (const warning of target.warnings) lines.push(style.paint('red', `    warning: ${warning}`));
  }
  const { action, content } = reply.answer;
  const colour = action === 'accept' ? 'green' : 'yellow';
  const answer = `${style.paint(colour, action)}${content !== undefined ? ` ${JSON.stringify(content)}` : ''}`;
  lines.push(`    -> ${answer}${reply.origin ? style.paint('dim', `  (${reply.origin})`) : ''}`);
  for (const warning of reply.warnings) lines.push(style.paint('yellow', `    warning: ${warning}`));
  return lines;
}

/** What the terminal says of a question that has an app: it is asked as its form here. */
export function appNote(app: string): string {
  return `app: ${app} (a host that renders MCP Apps shows it; asked here as its form)`;
}
