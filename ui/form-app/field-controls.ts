import { el } from './dom.js';
import type { Choice, FieldSpec } from './form-schema.js';
import { toDateTimeLocal } from './form-values.js';

/** What a control holds, before it is checked and converted: text, a tick, or the ticked choices. */
export type RawValue = string | boolean | string[];

/** One field on the page: its element, its current value, and where its error is shown. */
export interface FieldControl {
  spec: FieldSpec;
  element: HTMLElement;
  read(): RawValue;
  focus(): void;
  showError(message: string | undefined): void;
}

// Radios for a few choices (all visible at once), a select for more.
const MAX_RADIOS = 5;

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

function describedBy(...ids: Array<string | undefined>): string | undefined {
  const present = ids.filter((id): id is string => id !== undefined);
  return present.length ? present.join(' ') : undefined;
}

function hint(id: string, spec: FieldSpec): HTMLElement | undefined {
  return spec.description ? el('p', { id, class: 'hint' }, spec.description) : undefined;
}

function labelText(spec: FieldSpec): Array<Node | string> {
  return spec.required
    ? [spec.label, el('span', { class: 'required', 'aria-hidden': 'true' }, ' *')]
    : [spec.label];
}

/** Wires the error line of a field: the text, `aria-invalid` on its inputs, and the error's id. */
function errorLine(id: string, inputs: () => HTMLElement[]) {
  const line = el('p', { id, class: 'error', hidden: true });
  return {
    line,
    show(message: string | undefined) {
      line.textContent = message ?? '';
      line.hidden = message === undefined;
      for (const input of inputs()) {
        if (message === undefined) input.removeAttribute('aria-invalid');
        else input.setAttribute('aria-invalid', 'true');
      }
    },
  };
}

function textOrNumber(spec: Extract<FieldSpec, { kind: 'text' | 'number' }>, id: string): FieldControl {
  const isNumber = spec.kind === 'number';
  const type = isNumber ? 'number' : spec.format ? INPUT_TYPES[spec.format] : 'text';
  const fallback = spec.default === undefined ? undefined : String(spec.default);
  const input = el('input', {
    id,
    name: spec.name,
    type,
    required: spec.required,
    'aria-required': spec.required ? 'true' : undefined,
    'aria-describedby': describedBy(spec.description ? `${id}-hint` : undefined, `${id}-error`),
    step: isNumber ? (spec.integer ? '1' : 'any') : undefined,
    inputmode: isNumber ? (spec.integer ? 'numeric' : 'decimal') : undefined,
    autocomplete: spec.kind === 'text' && spec.format === 'email' ? 'email' : undefined,
  });
  input.value =
    spec.kind === 'text' && spec.format === 'date-time' && fallback
      ? toDateTimeLocal(fallback)
      : (fallback ?? '');
  const error = errorLine(`${id}-error`, () => [input]);
  const element = el(
    'div',
    { class: 'field' },
    el('label', { for: id }, ...labelText(spec)),
    hint(`${id}-hint`, spec),
    input,
    error.line,
  );
  return { spec, element, read: () => input.value, focus: () => input.focus(), showError: error.show };
}

function checkbox(spec: Extract<FieldSpec, { kind: 'boolean' }>, id: string): FieldControl {
  const input = el('input', {
    id,
    name: spec.name,
    type: 'checkbox',
    'aria-describedby': describedBy(spec.description ? `${id}-hint` : undefined, `${id}-error`),
  });
  input.checked = spec.default ?? false;
  const error = errorLine(`${id}-error`, () => [input]);
  const label = el('label', { for: id }, ...labelText(spec));
  const element = el(
    'div',
    { class: 'field check' },
    el('div', { class: 'row' }, input, label),
    hint(`${id}-hint`, spec),
    error.line,
  );
  return { spec, element, read: () => input.checked, focus: () => input.focus(), showError: error.show };
}

function dropdown(spec: Extract<FieldSpec, { kind: 'select' }>, id: string): FieldControl {
  const select = el('select', {
    id,
    name: spec.name,
    required: spec.required,
    'aria-required': spec.required ? 'true' : undefined,
    'aria-describedby': describedBy(spec.description ? `${id}-hint` : undefined, `${id}-error`),
  });
  select.append(el('option', { value: '' }, spec.required ? 'Choose…' : '(none)'));
  for (const choice of spec.choices) select.append(el('option', { value: choice.value }, choice.label));
  select.value = spec.default ?? '';
  const error = errorLine(`${id}-error`, () => [select]);
  const element = el(
    'div',
    { class: 'field' },
    el('label', { for: id }, ...labelText(spec)),
    hint(`${id}-hint`, spec),
    select,
    error.line,
  );
  return { spec, element, read: () => select.value, focus: () => select.focus(), showError: error.show };
}

/** A fieldset of radios (one choice) or checkboxes (many), its legend the field's label. */
function choiceGroup(spec: Extract<FieldSpec, { kind: 'select' | 'multiselect' }>, id: string): FieldControl {
  const multiple = spec.kind === 'multiselect';
  // An optional single choice can be cleared again: it gets a "None" radio, ticked when nothing is chosen.
  const choices: Choice[] =
    multiple || spec.required ? spec.choices : [{ value: '', label: 'None' }, ...spec.choices];
  const ticked = new Set(multiple ? (spec.default ?? []) : [spec.default ?? '']);
  const inputs = choices.map((choice: Choice, index) => {
    const input = el('input', {
      id: `${id}-${index}`,
      name: spec.name,
      type: multiple ? 'checkbox' : 'radio',
      value: choice.value,
    });
    input.checked = ticked.has(choice.value);
    return input;
  });
  const error = errorLine(`${id}-error`, () => inputs);
  const fieldset = el(
    'fieldset',
    {
      class: 'field group',
      role: multiple ? undefined : 'radiogroup',
      'aria-describedby': describedBy(spec.description ? `${id}-hint` : undefined, `${id}-error`),
      'aria-required': spec.required && !multiple ? 'true' : undefined,
    },
    el('legend', {}, ...labelText(spec)),
    hint(`${id}-hint`, spec),
    ...inputs.map((input, index) =>
      el('div', { class: 'row' }, input, el('label', { for: input.id }, choices[index]!.label)),
    ),
    error.line,
  );
  const values = () => inputs.filter((input) => input.checked).map((input) => input.value);
  return {
    spec,
    element: fieldset,
    read: () => (multiple ? values() : (values()[0] ?? '')),
    focus: () => (inputs.find((input) => input.checked) ?? inputs[0])?.focus(),
    showError: error.show,
  };
}

/** The control for one field; `index` keeps ids unique on the page. */
export function controlFor(spec: FieldSpec, index: number): FieldControl {
  const id = `field-${index}`;
  switch (spec.kind) {
    case 'boolean':
      return checkbox(spec, id);
    case 'multiselect':
      return choiceGroup(spec, id);
    case 'select':
      return spec.choices.length <= MAX_RADIOS ? choiceGroup(spec, id) : dropdown(spec, id);
    default:
      return textOrNumber(spec, id);
  }
}
