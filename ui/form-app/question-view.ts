import { el } from './dom.js';
import { controlFor } from './field-controls.js';
import type { FieldControl } from './field-controls.js';
import { fieldsOf } from './form-schema.js';
import { fieldError } from './form-validation.js';
import { answerValue } from './form-values.js';
import type { AnswerValue } from './form-values.js';

export type AnswerAction = 'accept' | 'decline' | 'cancel';
export type Answer = { action: AnswerAction; content?: Record<string, AnswerValue> };

/** The question to show: its message and its flat form schema. */
export interface QuestionToShow {
  message: string;
  requestedSchema: unknown;
}

/** Checks every field; shows each error beside its field; returns the controls that failed. */
function checkAll(controls: FieldControl[]): FieldControl[] {
  const failed: FieldControl[] = [];
  for (const control of controls) {
    const error = fieldError(control.spec, control.read());
    control.showError(error);
    if (error !== undefined) failed.push(control);
  }
  return failed;
}

function contentOf(controls: FieldControl[]): Record<string, AnswerValue> {
  const content: Record<string, AnswerValue> = {};
  for (const control of controls) {
    const value = answerValue(control.spec, control.read());
    if (value !== undefined) content[control.spec.name] = value;
  }
  return content;
}

/**
 * Renders one question as a form: the message as its heading, one control per field, and Accept,
 * Decline and Cancel. Accept checks the fields first: on errors it announces how many through
 * `announce` and moves focus to the first; otherwise `onAnswer` gets the answer.
 */
export function renderQuestion(
  question: QuestionToShow,
  announce: (text: string) => void,
  onAnswer: (answer: Answer) => void,
): HTMLFormElement {
  const controls = fieldsOf(question.requestedSchema).map(controlFor);
  const buttons = {
    accept: el('button', { type: 'button', class: 'primary', 'data-action': 'accept' }, 'Submit'),
    decline: el('button', { type: 'button', 'data-action': 'decline' }, 'Decline'),
    cancel: el('button', { type: 'button', 'data-action': 'cancel' }, 'Cancel'),
  };
  const form = el(
    'form',
    { novalidate: true, 'aria-labelledby': 'question', 'data-testid': 'question-form' },
    el('h1', { id: 'question', 'data-testid': 'question' }, question.message),
    el('p', { class: 'hint' }, 'Fields marked * are required.'),
    ...controls.map((control) => control.element),
    el('div', { class: 'actions' }, buttons.accept, buttons.decline, buttons.cancel),
  );
  const answer = (value: Answer) => {
    for (const button of Object.values(buttons)) button.disabled = true;
    onAnswer(value);
  };
  const accept = () => {
    const failed = checkAll(controls);
    if (failed.length > 0) {
      announce(failed.length === 1 ? '1 field needs attention.' : `${failed.length} fields need attention.`);
      failed[0]!.focus();
      return;
    }
    answer({ action: 'accept', content: contentOf(controls) });
  };
  // Submitting is handled here, not by the browser: a host's sandbox may not allow form submission.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    accept();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    accept();
  });
  buttons.accept.addEventListener('click', accept);
  buttons.decline.addEventListener('click', () => answer({ action: 'decline' }));
  buttons.cancel.addEventListener('click', () => answer({ action: 'cancel' }));
  // Errors are cleared as soon as the field is fixed, so a stale message never lingers.
  form.addEventListener('input', () => {
    for (const control of controls) {
      if (fieldError(control.spec, control.read()) === undefined) control.showError(undefined);
    }
  });
  return form;
}

/** Enables the form's buttons again after a failed submission. */
export function enableAnswering(form: HTMLFormElement): void {
  for (const button of form.querySelectorAll('button')) button.disabled = false;
}
