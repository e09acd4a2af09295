/** Span attribute and event names. The `mcp.*`, `gen_ai.*` and `jsonrpc.*` ones follow OpenTelemetry's MCP conventions. */
export const TraceAttributes = {
  method: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  requestId: 'jsonrpc.request.id',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  resourceUri: 'mcp.resource.uri',
  era: 'elicitor.era',
  round: 'elicitor.round',
  /** The task a run belongs to (the Tasks extension). */
  taskId: 'elicitor.task.id',
  /** The keys of the questions this call asked (an `input_required` round, or pushed on legacy). */
  inputKeys: 'elicitor.input_keys',
  /** The keys a modern retry answered. */
  answeredKeys: 'elicitor.answered_keys',
  resultType: 'elicitor.result_type',
  onceKey: 'elicitor.once.key',
  onceOutcome: 'elicitor.once.outcome',
  commitCount: 'elicitor.commit.count',
  commitOutcome: 'elicitor.commit.outcome',
} as const;

export const TraceEvents = {
  once: 'elicitor.once',
  commit: 'elicitor.on_commit',
} as const;

/** How a call (or one modern round of it) ended. */
export type TracedResultType = 'complete' | 'input_required' | 'error';
