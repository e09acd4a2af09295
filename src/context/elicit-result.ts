/** What the user did with a question. */
export type ElicitAction = 'accept' | 'decline' | 'cancel';

/** The answer to `ctx.elicit`: the action, and for an accepted form its validated content. */
export class ElicitResult<T = Record<string, unknown>> {
  constructor(
    readonly action: ElicitAction,
    private readonly value?: T,
    /** Legacy URL mode: the id sent with the question, for `ctx.completeElicitation`. */
    readonly elicitationId?: string,
  ) {}

  get accepted(): boolean {
    return this.action === 'accept';
  }

  /** The content of an accepted form (a class instance when the form has a schema class), else undefined. */
  content(): T | undefined {
    return this.action === 'accept' ? this.value : undefined;
  }

  /** Applies `fn` to accepted content; undefined on decline, cancel or a content-less accept. */
  map<U>(fn: (content: T) => U): U | undefined {
    const content = this.content();
    return content === undefined ? undefined : fn(content);
  }
}
