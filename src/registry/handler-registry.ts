import type { HandlerDefinition } from './handler-definition.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { readClassList } from '../metadata/metadata-reader.js';
import type { PromptMetadata } from '../metadata/prompt.metadata.js';
import type { ResourceMetadata } from '../metadata/resource.metadata.js';
import type { ToolsClassOptions } from '../metadata/tools-class.metadata.js';
import type { ToolMetadata } from '../metadata/tool.metadata.js';
import { buildPromptDefinition } from './prompt-definition.builder.js';
import type { PromptDefinition } from './prompt-definition.js';
import { buildResourceDefinition } from './resource-definition.builder.js';
import type { ResourceDefinition } from './resource-definition.js';
import { buildToolDefinition } from './tool-definition.builder.js';
import type { ToolDefinition } from './tool-definition.js';

/**
 * The catalogue of tools, prompts and resources, built and frozen once at bootstrap from an explicit
 * class list. Lookups are map reads, so per-request cost does not grow with the catalogue.
 */
/** Per tool class, what the module that declares it adds around its handlers. */
export interface ModuleEnhancers {
  interceptors?: ReadonlyMap<ClassType, readonly InterceptorReference[]>;
  guards?: ReadonlyMap<ClassType, readonly GuardReference[]>;
  filters?: ReadonlyMap<ClassType, readonly FilterReference[]>;
}

export class HandlerRegistry {
  readonly tools = new Map<string, ToolDefinition>();
  readonly prompts = new Map<string, PromptDefinition>();
  readonly resources = new Map<string, ResourceDefinition>();
  readonly resourceTemplates: ResourceDefinition[] = [];
  readonly toolList: readonly Tool[];
  readonly promptList: readonly Prompt[];
  readonly resourceList: readonly Resource[];
  readonly resourceTemplateList: readonly ResourceTemplate[];

  /**
   * `modules` gives, per tool class, the interceptors, guards and filters of the module that declares
   * it; they sit between the app-wide ones and the class's own.
   */
  constructor(
    classes: readonly ClassType[],
    private readonly modules: ModuleEnhancers = {},
  ) {
    for (const handlerClass of classes) this.register(handlerClass);
    this.toolList = Object.freeze([...this.tools.values()].map((tool) => tool.listEntry));
    this.promptList = Object.freeze([...this.prompts.values()].map((prompt) => prompt.listEntry));
    this.resourceList = Object.freeze([...this.resources.values()].map((resource) => resource.listEntry!));
    this.resourceTemplateList = Object.freeze(
      this.resourceTemplates.map((resource) => resource.templateEntry!),
    );
  }

  private register(handlerClass: ClassType): void {
    const classOptions = Reflect.getMetadata(MetadataKeys.toolsClass, handlerClass) as
      ToolsClassOptions | undefined;
    if (!classOptions) {
      throw new SchemaDefinitionError(
        handlerClass.name,
        undefined,
        'is listed in `tools` but has no @Tools() decorator',
      );
    }
    for (const tool of readClassList<ToolMetadata>(MetadataKeys.toolMethods, handlerClass)) {
      const definition = this.withModuleInterceptors(
        buildToolDefinition(handlerClass, tool, classOptions.prefix ?? ''),
      );
      this.claim(this.tools, definition.name, definition, handlerClass, 'tool');
    }
    for (const prompt of readClassList<PromptMetadata>(MetadataKeys.promptMethods, handlerClass)) {
      const definition = this.withModuleInterceptors(buildPromptDefinition(handlerClass, prompt));
      this.claim(this.prompts, definition.name, definition, handlerClass, 'prompt');
    }
    for (const resource of readClassList<ResourceMetadata>(MetadataKeys.resourceMethods, handlerClass)) {
      const definition = this.withModuleInterceptors(buildResourceDefinition(handlerClass, resource));
      if (definition.templateEntry) {
        if (this.resourceTemplates.some((entry) => entry.name === definition.name)) {
          throw new SchemaDefinitionError(
            handlerClass.name,
            resource.methodName,
            `duplicate resource template ${definition.name}`,
          );
        }
        this.resourceTemplates.push(definition);
      } else {
        this.claim(this.resources, definition.name, definition, handlerClass, 'resource');
      }
    }
  }

  private withModuleInterceptors<T extends HandlerDefinition>(definition: T): T {
    const type = definition.handlerClass;
    const outer = this.modules.interceptors?.get(type);
    const guards = this.modules.guards?.get(type);
    const filters = this.modules.filters?.get(type);
    if (!outer?.length && !guards?.length && !filters?.length) return definition;
    return {
      ...definition,
      interceptors: outer?.length ? [...outer, ...definition.interceptors] : definition.interceptors,
      guards: guards?.length ? { ...definition.guards, module: guards } : definition.guards,
      filters: filters?.length ? { ...definition.filters, module: filters } : definition.filters,
    };
  }

  private claim<T extends { handlerName: string; handlerClass: ClassType }>(
    map: Map<string, T>,
    name: string,
    definition: T,
    handlerClass: ClassType,
    what: string,
  ): void {
    const existing = map.get(name);
    if (existing) {
      throw new SchemaDefinitionError(
        handlerClass.name,
        definition.handlerName,
        `${what} name "${name}" is already used by ${existing.handlerClass.name}.${existing.handlerName}`,
      );
    }
    map.set(name, definition);
  }
}
