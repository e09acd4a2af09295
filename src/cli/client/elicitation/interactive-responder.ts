import type { CliOutput } from '../../shared/cli-output.js';
import { checkNumber, checkSelection, checkText } from '../form/form-field.check.js';
import { describeFormQuestion } from '../form/form-question.formatter.js';
import type { FormQuestion } from '../form/form-question.types.js';
import type {
  ElicitAction,
  ElicitationReply,
  ElicitationRequest,
  ElicitationResponder,
} from './elicitation-request.reader.js';
import { isPromptExit, type PromptKit } from './prompt-kit.adapter.js';
import { describeUrlTarget } from './url-target.formatter.js';
import { appNote } from './elicitation-transcript.formatter.js';

/** Marks "leave this optional choice empty" in a select. */
const LEAVE_EMPTY = Symbol('leave-empty');

/**
 * Asks the person at the terminal. Each question first shows the server's message
 * and offers accept, decline or cancel; only an accepted form asks for the fields.
 * A URL is only printed: accepting means the user agrees to open it themselves.
 */
export class InteractiveResponder implements ElicitationResponder {
  constructor(
    private readonly prompts: PromptKit,
    private readonly output: CliOutput,
  ) {}

  async respond(request: ElicitationRequest, index: number): Promise<ElicitationReply> {
    try {
      return request.mode === 'url' ? await this.askUrl(request, index) : await this.askForm(request, index);
    } catch (error) {
      if (isPromptExit(error)) return { answer: { action: 'cancel' }, origin: 'interrupted', warnings: [] };
      throw error;
    }
  }

  private async askForm(
    request: Extract<ElicitationRequest, { mode: 'form' }>,
    index: number,
  ): Promise<ElicitationReply> {
    const { style } = this.output;
    this.output.err('');
    this.output.err(style.paint('bold', `Question ${index} from the server:`));
    this.output.err(`  ${request.message}`);
    if (request.app) this.output.err(style.paint('dim', `  ${appNote(request.app)}`));
    for (const question of request.questions)
      this.output.err(style.paint('dim', `  - ${describeFormQuestion(question)}`));
    const action = await this.prompts.select<ElicitAction>({
      message: 'How do you want to answer?',
      choices: [
        { name: 'Accept: fill in the form', value: 'accept' },
        { name: 'Decline', value: 'decline' },
        { name: 'Cancel', value: 'cancel' },
      ],
    });
    if (action !== 'accept') return { answer: { action }, warnings: [] };
    const content: Record<string, unknown> = {};
    const warnings: string[] = [];
    for (const question of request.questions) {
      if (question.kind === 'unsupported') {
        warnings.push(`${question.name} was skipped: ${question.reason}`);
        continue;
      }
      const value = await this.askField(question);
      if (value !== undefined) content[question.name] = value;
    }
    return { answer: { action: 'accept', content }, warnings };
  }

  /** The field's value, or undefined to leave an optional field out. */
  private async askField(question: Exclude<FormQuestion, { kind: 'unsupported' }>): Promise<unknown> {
    const message = promptLabel(question);
    switch (question.kind) {
      case 'text': {
        const value = await this.prompts.input({
          message,
          ...(question.default !== undefined ? { default: question.default } : {}),
          validate: (raw) => checkText(question, raw) ?? true,
        });
        return value === '' ? undefined : value;
      }
      case 'number':
        return this.prompts.number({
          message,
          ...(question.default !== undefined ? { default: question.default } : {}),
          ...(question.minimum !== undefined ? { min: question.minimum } : {}),
          ...(question.maximum !== undefined ? { max: question.maximum } : {}),
          step: question.integer ? 1 : 'any',
          required: question.required,
          validate: (raw) => checkNumber(question, raw) ?? true,
        });
      case 'boolean':
        return this.prompts.confirm({ message, default: question.default ?? false });
      case 'select': {
        const choices: Array<{ name: string; value: string | typeof LEAVE_EMPTY }> = question.choices.map(
          (choice) => ({
            name: choice.label,
            value: choice.value,
          }),
        );
        if (!question.required) choices.push({ name: '(leave empty)', value: LEAVE_EMPTY });
        const value = await this.prompts.select({
          message,
          choices,
          ...(question.default !== undefined ? { default: question.default } : {}),
        });
        return value === LEAVE_EMPTY ? undefined : value;
      }
      case 'multiselect': {
        const selected = await this.prompts.checkbox({
          message,
          choices: question.choices.map((choice) => ({
            name: choice.label,
            value: choice.value,
            checked: question.default?.includes(choice.value) ?? false,
          })),
          validate: (items) =>
            checkSelection(
              question,
              items.map((item) => item.value),
            ) ?? true,
        });
        return selected.length === 0 && !question.required ? undefined : selected;
      }
    }
  }

  private async askUrl(
    request: Extract<ElicitationRequest, { mode: 'url' }>,
    index: number,
  ): Promise<ElicitationReply> {
    const { style } = this.output;
    const target = describeUrlTarget(request.url);
    this.output.err('');
    this.output.err(style.paint('bold', `Question ${index} from the server asks you to open a web page:`));
    this.output.err(`  ${request.message}`);
    this.output.err(`  URL:    ${style.paint('underline', target.href)}`);
    this.output.err(`  Domain: ${style.paint(['bold', 'yellow'], target.domain ?? '(none)')}`);
    for (const warning of target.warnings) this.output.err(style.paint('red', `  Warning: ${warning}`));
    const action = await this.prompts.select<ElicitAction>({
      message: `Open the page on ${target.domain ?? 'this URL'}?`,
      choices: [
        { name: 'Accept: I will open it in my browser', value: 'accept' },
        { name: 'Decline', value: 'decline' },
        { name: 'Cancel', value: 'cancel' },
      ],
    });
    if (action === 'accept') this.output.err(`Open ${target.href} in your browser, then come back here.`);
    return { answer: { action }, warnings: [] };
  }
}

/** `Label (description)`, marked when it may be left empty. */
export function promptLabel(question: FormQuestion): string {
  const description = question.description ? ` (${question.description})` : '';
  return `${question.label}${description}${question.required ? '' : ' [optional]'}`;
}
