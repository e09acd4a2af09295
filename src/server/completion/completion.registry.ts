import { SchemaDefinitionError } from '../../errors/schema-definition.error.js';
import type { ClassType } from '../../metadata/class-type.js';
import type { CompleteMetadata } from '../../metadata/complete.metadata.js';
import { MetadataKeys } from '../../metadata/metadata-keys.js';
import { readClassList } from '../../metadata/metadata-reader.js';
import type { HandlerRegistry } from '../../registry/handler-registry.js';
import { templateVariables } from '../resource-locator.js';
import type { CompletionReference } from './completion-request.js';

/** One `@Complete()` method. */
export interface CompleterDefinition {
  readonly handlerClass: ClassType;
  readonly handlerName: string;
}

function keyOf(kind: 'prompt' | 'template', reference: string, argument: string): string {
  return `${kind}\u0000${reference}\u0000${argument}`;
}

/**
 * Every `@Complete()` method of the app, checked once at bootstrap against the catalogue: the prompt or
 * resource template must be registered and must have the argument, and each argument has one completer.
 */
export class CompletionRegistry {
  private readonly completers = new Map<string, CompleterDefinition>();

  constructor(
    classes: readonly ClassType[],
    private readonly catalogue: HandlerRegistry,
  ) {
    for (const handlerClass of classes) {
      for (const entry of readClassList<CompleteMetadata>(MetadataKeys.completeMethods, handlerClass)) {
        this.add(handlerClass, entry);
      }
    }
  }

  get size(): number {
    return this.completers.size;
  }

  /** The completer for this argument of the referenced prompt or template, if any. */
  find(reference: CompletionReference, argument: string): CompleterDefinition | undefined {
    const key =
      reference.type === 'ref/prompt'
        ? keyOf('prompt', reference.name, argument)
        : keyOf('template', reference.uri, argument);
    return this.completers.get(key);
  }

  private add(handlerClass: ClassType, { methodName, options }: CompleteMetadata): void {
    const fail = (reason: string): never => {
      throw new SchemaDefinitionError(handlerClass.name, methodName, reason);
    };
    if (typeof (handlerClass.prototype as Record<string, unknown>)[methodName] !== 'function')
      fail('is not a method');
    let key: string;
    if ('prompt' in options) {
      const prompt = this.catalogue.prompts.get(options.prompt);
      if (!prompt) return fail(`@Complete() names prompt "${options.prompt}", which is not registered`);
      const names = (prompt.listEntry.arguments ?? []).map((argument) => argument.name);
      if (!names.includes(options.argument)) {
        fail(
          `prompt "${options.prompt}" has no argument "${options.argument}" (it has: ${names.join(', ') || 'none'})`,
        );
      }
      key = keyOf('prompt', options.prompt, options.argument);
    } else {
      const template = this.catalogue.resourceTemplates.find(
        (definition) => definition.templateEntry?.uriTemplate === options.resourceTemplate,
      );
      if (!template)
        return fail(
          `@Complete() names resource template "${options.resourceTemplate}", which is not registered`,
        );
      const variables = templateVariables(template.templateEntry!.uriTemplate);
      if (!variables.includes(options.argument)) {
        fail(`resource template "${options.resourceTemplate}" has no variable "${options.argument}"`);
      }
      key = keyOf('template', options.resourceTemplate, options.argument);
    }
    const existing = this.completers.get(key);
    if (existing) {
      fail(
        `argument "${options.argument}" already has a completer: ${existing.handlerClass.name}.${existing.handlerName}`,
      );
    }
    this.completers.set(key, { handlerClass, handlerName: methodName });
  }
}
