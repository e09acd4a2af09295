/** Which argument a `@Complete()` method suggests values for: a prompt argument or a template variable. */
export type CompleteOptions =
  { prompt: string; argument: string } | { resourceTemplate: string; argument: string };

export interface CompleteMetadata {
  methodName: string;
  options: CompleteOptions;
}
