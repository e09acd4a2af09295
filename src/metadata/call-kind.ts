/** What a handler answers: a tool call, a prompt or a resource read. */
export type CallKind = 'tool' | 'prompt' | 'resource';
