/** A prompt argument, as listed by `prompts/list`. */
export interface PromptArgumentOptions {
  name: string;
  description?: string;
  required?: boolean;
}

/** What `@Prompt()` lists; `arguments` default to the properties of the `@Args()` class. */
export interface PromptOptions {
  name?: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentOptions[];
}

export interface PromptMetadata {
  methodName: string;
  options: PromptOptions;
}
