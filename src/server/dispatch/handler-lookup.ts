import type { CallTarget } from '../../context/context.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { findClosestName } from '../../registry/closest-name-finder.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';
import type { HandlerRegistry } from '../../registry/handler-registry.js';
import { ResourceLocator } from '../resource-locator.js';

type Params = Record<string, unknown>;

/** The handler a request names, what it targets, and the arguments the handler gets. */
export interface FoundHandler {
  definition: HandlerDefinition;
  target: CallTarget;
  args: Record<string, unknown>;
}

/**
 * What a call targets. A class, not an object literal: it lives as long as its call, and V8 may move a
 * literal's allocation site to the old generation once many such objects outlive a young collection.
 */
class NamedTarget implements CallTarget {
  constructor(
    readonly method: CallTarget['method'],
    readonly name: string,
  ) {}
}

/**
 * Finds the handler a `tools/call`, `prompts/get` or `resources/read` names; when none fits, throws the
 * invalid-params error that says why.
 */
export class HandlerLookup {
  private readonly resources: ResourceLocator;

  constructor(private readonly registry: HandlerRegistry) {
    this.resources = new ResourceLocator(registry);
  }

  tool(params: Params): FoundHandler {
    return byName('tool', 'tools/call', this.registry.tools, params);
  }

  prompt(params: Params): FoundHandler {
    return byName('prompt', 'prompts/get', this.registry.prompts, params);
  }

  resource(params: Params): FoundHandler {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new InvalidParamsError('resources/read needs a uri');
    const found = this.resources.locate(uri);
    if (!found) throw new InvalidParamsError(`Resource not found: ${uri}`, { uri });
    return {
      definition: found.definition,
      target: new NamedTarget('resources/read', uri),
      args: found.variables,
    };
  }
}

function byName(
  what: 'tool' | 'prompt',
  method: 'tools/call' | 'prompts/get',
  definitions: ReadonlyMap<string, HandlerDefinition>,
  params: Params,
): FoundHandler {
  const name = params.name;
  if (typeof name !== 'string') throw new InvalidParamsError(`${method} needs a ${what} name`);
  const definition = definitions.get(name);
  if (!definition) throw new InvalidParamsError(unknownName(what, name, definitions.keys()));
  return { definition, target: new NamedTarget(method, name), args: argumentsOf(params) };
}

/** `Unknown tool: x`, with the closest registered name when one is near enough to be a typo. */
function unknownName(what: string, name: string, registered: Iterable<string>): string {
  const closest = findClosestName(name, registered);
  return `Unknown ${what}: ${name}${closest ? `. Did you mean "${closest}"?` : ''}`;
}

function argumentsOf(params: Params): Record<string, unknown> {
  const args = params.arguments;
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw new InvalidParamsError('arguments must be an object');
  return args as Record<string, unknown>;
}
