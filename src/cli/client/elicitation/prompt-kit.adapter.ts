import { checkbox, confirm, input, number, select } from '@inquirer/prompts';

type Validation<T> = (value: T) => boolean | string | Promise<boolean | string>;

export interface PromptChoice<Value> {
  name: string;
  value: Value;
  checked?: boolean;
}

/** The terminal widgets the interactive responder uses; specs swap in scripted fakes. */
export interface PromptKit {
  input(config: { message: string; default?: string; validate?: Validation<string> }): Promise<string>;
  number(config: {
    message: string;
    default?: number;
    min?: number;
    max?: number;
    step?: number | 'any';
    required?: boolean;
    validate?: Validation<number | undefined>;
  }): Promise<number | undefined>;
  confirm(config: { message: string; default?: boolean }): Promise<boolean>;
  select<Value>(config: { message: string; choices: PromptChoice<Value>[]; default?: Value }): Promise<Value>;
  checkbox<Value>(config: {
    message: string;
    choices: PromptChoice<Value>[];
    validate?: (selected: readonly { value: Value }[]) => boolean | string;
  }): Promise<Value[]>;
}

/** True for the error a prompt throws when the user presses Ctrl+C. */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError');
}

/** @inquirer/prompts, drawn on stderr so stdout keeps only the transcript and the result. */
export function inquirerPromptKit(): PromptKit {
  const context = { output: process.stderr };
  return {
    input: (config) => input(config, context),
    number: (config) => number(config, context),
    confirm: (config) => confirm(config, context),
    select: (config) => select(config, context),
    checkbox: (config) => checkbox(config, context),
  };
}
