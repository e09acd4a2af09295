/** What an app sends back verbatim to `elicitor_answer`: the call to re-run and its sealed progress. */
export interface Continuation {
  tool: string;
  arguments: Record<string, unknown>;
  /** The sealed state, bound to the tool, its arguments and the principal like any `requestState`. */
  requestState: string;
}

/** A question asked through an app: `structuredContent.elicitorQuestion` of the call's result. */
export interface AppQuestion {
  /** The question's replay key. */
  key: string;
  message: string;
  /** The complete flat form schema, as a native form would get it. */
  requestedSchema: Record<string, unknown>;
  /** The question's own app, when it was asked `withApp(...)`. */
  app?: string;
  continuation: Continuation;
}

/** One answer's values, as a form gives them. */
export type AppAnswerContent = Record<string, string | number | boolean | string[]>;

/** The arguments of `elicitor_answer`. */
export interface AppAnswerArguments {
  continuation: Continuation;
  action: 'accept' | 'decline' | 'cancel';
  content?: AppAnswerContent;
}
