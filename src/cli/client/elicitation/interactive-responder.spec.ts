import { CapturedOutput } from '../../shared/cli-output.js';
import { parseElicitationRequest } from './elicitation-request.reader.js';
import { InteractiveResponder, promptLabel } from './interactive-responder.js';
import type { PromptKit } from './prompt-kit.adapter.js';

type Call = { widget: keyof PromptKit; config: Record<string, unknown> };

/** Plays back queued answers (a value, an error, or a function of the prompt's config) and records the calls. */
class FakePrompts implements PromptKit {
  readonly calls: Call[] = [];
  constructor(private readonly replies: unknown[]) {}

  private next<T>(widget: keyof PromptKit, config: object): Promise<T> {
    this.calls.push({ widget, config: config as Record<string, unknown> });
    if (this.replies.length === 0) throw new Error(`no reply queued for ${widget}`);
    const reply = this.replies.shift();
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve((typeof reply === 'function' ? reply(config) : reply) as T);
  }

  input(config: object) {
    return this.next<string>('input', config);
  }
  number(config: object) {
    return this.next<number | undefined>('number', config);
  }
  confirm(config: object) {
    return this.next<boolean>('confirm', config);
  }
  select<Value>(config: object) {
    return this.next<Value>('select', config);
  }
  checkbox<Value>(config: object) {
    return this.next<Value[]>('checkbox', config);
  }
}

const everyField = parseElicitationRequest({
  message: 'Tell us about you',
  requestedSchema: {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email', title: 'Email', description: 'For the receipt' },
      nickname: { type: 'string' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      tip: { type: 'number', default: 2.5 },
      newsletter: { type: 'boolean', default: true },
      size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
      colour: { type: 'string', oneOf: [{ const: '#f00', title: 'Red' }] },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b'], maxItems: 1 },
      extras: { type: 'array', items: { anyOf: [{ const: 'x', title: 'Extra X' }] } },
    },
    required: ['email', 'age', 'size', 'tags'],
  },
});

describe('InteractiveResponder', () => {
  it('asks accept/decline/cancel first and stops on decline', async () => {
    const prompts = new FakePrompts(['decline']);
    const reply = await new InteractiveResponder(prompts, new CapturedOutput()).respond(everyField, 1);
    expect(reply).toStrictEqual({ answer: { action: 'decline' }, warnings: [] });
    expect(prompts.calls.map((call) => call.widget)).toStrictEqual(['select']);
  });

  it('uses the right widget for each field and leaves blank optional fields out', async () => {
    const pickLast = (config: { choices: Array<{ value: unknown }> }) =>
      config.choices[config.choices.length - 1].value;
    const prompts = new FakePrompts([
      'accept',
      'ada@example.com',
      '',
      36,
      2.5,
      false,
      'l',
      pickLast,
      ['a'],
      [],
    ]);
    const output = new CapturedOutput();

    const reply = await new InteractiveResponder(prompts, output).respond(everyField, 1);

    expect(reply).toStrictEqual({
      answer: {
        action: 'accept',
        content: { email: 'ada@example.com', age: 36, tip: 2.5, newsletter: false, size: 'l', tags: ['a'] },
      },
      warnings: [],
    });
    expect(prompts.calls.map((call) => call.widget)).toStrictEqual([
      'select',
      'input',
      'input',
      'number',
      'number',
      'confirm',
      'select',
      'select',
      'checkbox',
      'checkbox',
    ]);
    const [, email, , age, tip, newsletter, size, colour, tags] = prompts.calls.map((call) => call.config);
    expect(email).toMatchObject({ message: 'Email (For the receipt)' });
    expect(age).toMatchObject({ message: 'age', min: 0, max: 150, step: 1, required: true });
    expect(tip).toMatchObject({ message: 'tip [optional]', default: 2.5, step: 'any', required: false });
    expect(newsletter).toStrictEqual({ message: 'newsletter [optional]', default: true });
    expect(size.choices).toStrictEqual([
      { name: 'Small', value: 's' },
      { name: 'Large', value: 'l' },
    ]);
    expect(colour.choices).toStrictEqual([
      { name: 'Red', value: '#f00' },
      { name: '(leave empty)', value: expect.any(Symbol) },
    ]);
    expect(tags.choices).toStrictEqual([
      { name: 'a', value: 'a', checked: false },
      { name: 'b', value: 'b', checked: true },
    ]);
    expect(output.stderr).toContain('Question 1 from the server:');
    expect(output.stderr).toContain('  - size: one of Small | Large, required');
  });

  it('validates typed answers with the pure checks', async () => {
    const prompts = new FakePrompts(['accept', 'ok@example.com', '', 1, 1, true, 's', 's', ['a'], []]);
    await new InteractiveResponder(prompts, new CapturedOutput()).respond(everyField, 1);
    const [, email, nickname, age, , , , , tags] = prompts.calls.map((call) => call.config);
    const validate = (config: Record<string, unknown>, value: unknown) =>
      (config.validate as (v: unknown) => unknown)(value);
    expect(validate(email, 'nope')).toBe('Enter an email address like name@example.com');
    expect(validate(email, '')).toBe('This field is required');
    expect(validate(nickname, '')).toBe(true);
    expect(validate(age, 3.5)).toBe('Enter a whole number');
    expect(validate(age, 200)).toBe('Enter 150 or less');
    expect(validate(tags, [{ value: 'a' }, { value: 'b' }])).toBe('Pick at most 1');
  });

  it('prints a URL and its domain and treats accept as consent only', async () => {
    const prompts = new FakePrompts(['accept']);
    const output = new CapturedOutput();
    const request = parseElicitationRequest({
      mode: 'url',
      message: 'Link your account',
      url: 'https://id.example.com/link?s=1',
    });

    const reply = await new InteractiveResponder(prompts, output).respond(request, 2);

    expect(reply).toStrictEqual({ answer: { action: 'accept' }, warnings: [] });
    expect(output.errLines).toStrictEqual(
      expect.arrayContaining([
        '  URL:    https://id.example.com/link?s=1',
        '  Domain: id.example.com',
        'Open https://id.example.com/link?s=1 in your browser, then come back here.',
      ]),
    );
    expect(prompts.calls[0].config.message).toBe('Open the page on id.example.com?');
  });

  it('turns Ctrl+C into cancel', async () => {
    const exit = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
    const reply = await new InteractiveResponder(new FakePrompts([exit]), new CapturedOutput()).respond(
      everyField,
      1,
    );
    expect(reply).toStrictEqual({ answer: { action: 'cancel' }, origin: 'interrupted', warnings: [] });
  });
});

describe('promptLabel', () => {
  it('adds the description and marks optional fields', () => {
    expect(
      promptLabel({ kind: 'boolean', name: 'ok', label: 'OK?', description: 'Really', required: false }),
    ).toBe('OK? (Really) [optional]');
  });
});
