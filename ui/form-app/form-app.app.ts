import { App } from '@modelcontextprotocol/ext-apps';
import { questionOf, tellHost, textOf } from './call-outcome.js';
import type { AppQuestion, ToolResultLike } from './call-outcome.js';
import { byTestId, el } from './dom.js';
import './form-app.css';
import { connectFollowingHostTheme } from './host-theme.js';
import { enableAnswering, renderQuestion } from './question-view.js';
import type { Answer } from './question-view.js';

// The app-only tool that takes the answer (ANSWER_TOOL_NAME in the library).
const ANSWER_TOOL = 'elicitor_answer';

const app = new App({ name: 'Elicitor form', version: '1.0.0' });
const status = byTestId('status');
const view = byTestId('view');
let asked: AppQuestion | undefined;

/** Sets the live region's text; screen readers read it out. */
function announce(text: string): void {
  status.textContent = text;
}

function toolOf(question: AppQuestion): string {
  const tool = (question.continuation as { tool?: unknown } | undefined)?.tool;
  return typeof tool === 'string' ? tool : 'The tool';
}

function showQuestion(question: AppQuestion, answered: boolean): void {
  const again = asked?.key === question.key;
  asked = question;
  const form = renderQuestion(question, announce, (answer) => void submit(question, form, answer));
  view.replaceChildren(form);
  // Asked again for the same key: the server's message says what to fix.
  announce(
    again ? `Please check your answer: ${question.message}` : 'A question is waiting for your answer.',
  );
  // After the user's own answer, focus follows to the next form; the first question does not take the
  // focus away from the conversation around the app.
  if (answered) form.querySelector<HTMLElement>('input, select, button')?.focus();
}

async function showOutcome(result: ToolResultLike, tool: string | undefined): Promise<void> {
  const text = textOf(result) || (result.isError ? 'The call failed.' : 'Done.');
  view.replaceChildren(
    el(
      'section',
      {
        'aria-labelledby': 'outcome',
        'data-testid': 'outcome',
        class: result.isError ? 'failed' : undefined,
      },
      el('h1', { id: 'outcome' }, result.isError ? 'Something went wrong' : 'Done'),
      el('p', { 'data-testid': 'outcome-text' }, text),
    ),
  );
  announce(text);
  // Only an answer given here is news to the conversation; a call that never asked already reported.
  if (tool === undefined) return;
  const told = await tellHost(app, tool, text);
  if (told === 'none') announce(`${text} (Tell the assistant what happened: this host takes no updates.)`);
}

function handleResult(result: ToolResultLike, tool?: string): void {
  const question = result.isError ? undefined : questionOf(result);
  if (question) showQuestion(question, tool !== undefined);
  else void showOutcome(result, tool);
}

async function submit(question: AppQuestion, form: HTMLFormElement, answer: Answer): Promise<void> {
  announce('Sending your answer…');
  try {
    const result = await app.callServerTool({
      name: ANSWER_TOOL,
      arguments: { continuation: question.continuation, ...answer } as Record<string, unknown>,
    });
    handleResult(result, toolOf(question));
  } catch (error) {
    enableAnswering(form);
    announce(`Your answer could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}

app.ontoolresult = (result) => handleResult(result);
void connectFollowingHostTheme(app);
