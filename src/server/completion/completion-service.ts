import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { Context } from '../../context/context.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { createRequestContainer } from '../../di/request-container.factory.js';
import type { RequestScopeBlueprint } from '../../di/request-scope-blueprint.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { HandlerRegistry } from '../../registry/handler-registry.js';
import type { CompletionReference, CompletionRequest, CompletionValues } from './completion-request.js';
import type { CompletionRegistry } from './completion.registry.js';
import { isRecord } from '../../shared/is-record.js';

/** The protocol caps a completion at 100 values. */
const MAX_VALUES = 100;

export interface CompletionServiceSettings {
  completers: CompletionRegistry;
  catalogue: HandlerRegistry;
  blueprint: RequestScopeBlueprint;
  logger: ServerLogger;
}

export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  [key: string]: unknown;
}

type Params = Record<string, unknown>;

function readReference(value: unknown): CompletionReference {
  if (isRecord(value) && value.type === 'ref/prompt' && typeof value.name === 'string') {
    return { type: 'ref/prompt', name: value.name };
  }
  if (isRecord(value) && value.type === 'ref/resource' && typeof value.uri === 'string') {
    return { type: 'ref/resource', uri: value.uri };
  }
  throw new InvalidParamsError(
    'completion/complete needs ref {type:"ref/prompt", name} or {type:"ref/resource", uri}',
  );
}

function readResolved(params: Params): Record<string, string> {
  const resolved = isRecord(params.context) ? params.context.arguments : undefined;
  if (!isRecord(resolved)) return {};
  return Object.fromEntries(
    Object.entries(resolved).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Suggestions from what a completer returned, capped at the protocol's 100 values. */
function toCompletion(returned: unknown): CompleteResult['completion'] {
  const given: Partial<CompletionValues> | undefined = Array.isArray(returned)
    ? { values: returned as string[] }
    : isRecord(returned)
      ? (returned as Partial<CompletionValues>)
      : undefined;
  if (!given || !Array.isArray(given.values) || !given.values.every((value) => typeof value === 'string')) {
    throw new Error('A @Complete() method must return a string array or { values: string[] }');
  }
  const values = given.values.slice(0, MAX_VALUES);
  const total = given.total ?? given.values.length;
  return { values, total, hasMore: given.hasMore ?? total > values.length };
}

/** Answers `completion/complete` on both eras from the app's `@Complete()` methods. */
export class CompletionService {
  constructor(private readonly settings: CompletionServiceSettings) {}

  async complete(params: Params, environment: RequestEnvironment): Promise<CompleteResult> {
    const ref = readReference(params.ref);
    const argument = params.argument;
    if (!isRecord(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
      throw new InvalidParamsError('completion/complete needs argument {name, value}');
    }
    this.assertKnown(ref);
    const completer = this.settings.completers.find(ref, argument.name);
    if (!completer) return { completion: { values: [], total: 0, hasMore: false } };
    const context = new Context(environment, {
      method: 'completion/complete',
      name: ref.type === 'ref/prompt' ? ref.name : ref.uri,
    });
    const request: CompletionRequest = {
      ref,
      argument: { name: argument.name, value: argument.value },
      resolved: readResolved(params),
      context,
    };
    try {
      const container = createRequestContainer(this.settings.blueprint, context);
      const instance = container.get(completer.handlerClass) as Record<
        string,
        (...args: unknown[]) => unknown
      >;
      return { completion: toCompletion(await instance[completer.handlerName]!(argument.value, request)) };
    } catch (error) {
      if (error instanceof McpProtocolError) throw error;
      this.settings.logger.error(`completion for ${context.target.name} failed`, error);
      throw new McpProtocolError(JsonRpcErrorCode.InternalError, 'Internal error');
    }
  }

  /** A reference to nothing is a client mistake (invalid params); a fixed resource simply has nothing to complete. */
  private assertKnown(ref: CompletionReference): void {
    const { catalogue } = this.settings;
    if (ref.type === 'ref/prompt') {
      if (!catalogue.prompts.has(ref.name))
        throw new InvalidParamsError(`Unknown prompt: ${ref.name}`, { name: ref.name });
      return;
    }
    const isTemplate = catalogue.resourceTemplates.some(
      (definition) => definition.templateEntry?.uriTemplate === ref.uri,
    );
    if (!isTemplate && !catalogue.resources.has(ref.uri)) {
      throw new InvalidParamsError(`Unknown resource template: ${ref.uri}`, { uri: ref.uri });
    }
  }
}
