/** A prompt argument, as listed by `prompts/list`. */
export interface PromptArgumentOptions {
  name: string;
  description?: string;
  required?: boolean;
}

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
