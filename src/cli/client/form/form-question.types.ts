/** One field of an elicitation form, reduced to what a terminal widget needs. */
export type FormQuestion =
  | TextQuestion
  | NumberQuestion
  | BooleanQuestion
  | SelectQuestion
  | MultiSelectQuestion
  | UnsupportedQuestion;

export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

interface QuestionBase {
  /** The property name, the key in the answer's `content`. */
  name: string;
  /** `title` when the schema gives one, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

export interface TextQuestion extends QuestionBase {
  kind: 'text';
  format?: TextFormat;
  minLength?: number;
  maxLength?: number;
  default?: string;
}

export interface NumberQuestion extends QuestionBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanQuestion extends QuestionBase {
  kind: 'boolean';
  default?: boolean;
}

export interface FormChoice {
  /** What is sent back. */
  value: string;
  /** What the user reads: the `title`, a legacy `enumNames` entry, or the value itself. */
  label: string;
}

export interface SelectQuestion extends QuestionBase {
  kind: 'select';
  choices: FormChoice[];
  default?: string;
}

export interface MultiSelectQuestion extends QuestionBase {
  kind: 'multiselect';
  choices: FormChoice[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

/** A property outside the flat form subset; it is shown but cannot be answered. */
export interface UnsupportedQuestion extends QuestionBase {
  kind: 'unsupported';
  reason: string;
}
