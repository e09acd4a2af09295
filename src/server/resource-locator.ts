import type { UriTemplate } from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { serverSdkNow } from './sdk-runtime-loader.js';

export interface LocatedResource {
  definition: ResourceDefinition;
  /** The template's variables, percent-decoded; an exploded variable (`{/segments*}`) is an array. */
  variables: Record<string, string | string[]>;
}

interface CompiledTemplate {
  definition: ResourceDefinition;
  template: UriTemplate;
  /** Registration order: when several templates match, the first registered wins. */
  order: number;
}

/**
 * Finds the resource a `resources/read` URI names: a fixed URI by map lookup, else a template matched by
 * the SDK's RFC 6570 `UriTemplate` (loaded at bootstrap only when some resource has a template) (`{id}`, `{+path}`, `{?q}`, ...). Templates are indexed by the literal
 * text before their first expression, so a read only tries those whose prefix the URI starts with.
 */
export class ResourceLocator {
  private readonly byPrefix = new Map<string, CompiledTemplate[]>();
  /** The distinct prefix lengths, so a lookup costs one map read per length, not one match per template. */
  private readonly prefixLengths: number[];

  constructor(private readonly registry: HandlerRegistry) {
    registry.resourceTemplates.forEach((definition, order) => {
      const text = definition.templateEntry!.uriTemplate;
      const template = compileTemplate(text, definition);
      const prefix = text.slice(0, Math.max(0, text.indexOf('{')));
      const bucket = this.byPrefix.get(prefix) ?? [];
      bucket.push({ definition, template, order });
      this.byPrefix.set(prefix, bucket);
    });
    this.prefixLengths = [...new Set([...this.byPrefix.keys()].map((prefix) => prefix.length))];
  }

  /** The resource `uri` names, or undefined when none does (including a malformed percent escape). */
  locate(uri: string): LocatedResource | undefined {
    const fixed = this.registry.resources.get(uri);
    if (fixed) return { definition: fixed, variables: {} };
    let best: LocatedResource | undefined;
    let bestOrder = Infinity;
    for (const length of this.prefixLengths) {
      if (length > uri.length) continue;
      for (const candidate of this.byPrefix.get(uri.slice(0, length)) ?? []) {
        if (candidate.order > bestOrder) break;
        const variables = matchDecoded(candidate.template, uri);
        if (variables) {
          best = { definition: candidate.definition, variables };
          bestOrder = candidate.order;
          break;
        }
      }
    }
    return best;
  }
}

/** The variables names of a template, for `@Complete()` checks at bootstrap. */
export function templateVariables(uriTemplate: string): string[] {
  return new (serverSdkNow().UriTemplate)(uriTemplate).variableNames;
}

function compileTemplate(text: string, definition: ResourceDefinition): UriTemplate {
  try {
    return new (serverSdkNow().UriTemplate)(text);
  } catch (error) {
    throw new SchemaDefinitionError(
      definition.handlerClass.name,
      definition.handlerName,
      `uriTemplate "${text}" is not a valid URI template: ${(error as Error).message}`,
    );
  }
}

function matchDecoded(template: UriTemplate, uri: string): Record<string, string | string[]> | undefined {
  try {
    const raw = template.match(uri);
    if (!raw) return undefined;
    const decoded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(raw)) {
      decoded[name] = Array.isArray(value) ? value.map(decodeURIComponent) : decodeURIComponent(value);
    }
    return decoded;
  } catch {
    // A malformed escape (URIError) or a URI past the SDK's length limit names no resource.
    return undefined;
  }
}
