import type { RequestEnvironment } from '../context/request-environment.js';
import type { RequestScopeBlueprint } from '../di/request-scope-blueprint.js';
import type { ClassType } from '../metadata/class-type.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import { CompletionRegistry } from '../server/completion/completion.registry.js';
import { CompletionService } from '../server/completion/completion-service.js';
import type { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import { ParamHeaderRules } from '../server/modern/param-header.check.js';
import type { ServerCatalog } from '../server/server-catalog.js';
import { createListenHandler } from '../server/subscriptions/listen.handler.js';
import type { ServerEventHub } from '../server/subscriptions/server-event-hub.js';
import type { SubscriptionSupport } from '../server/subscriptions/subscription-filter.js';
import type { TaskStatusSource } from '../server/subscriptions/task-status-source.js';

export interface ServerFeatureParts {
  tools: readonly ClassType[];
  registry: HandlerRegistry;
  catalog: ServerCatalog;
  modern: ModernProtocolHandler;
  legacy: LegacyProtocolHandler;
  blueprint: RequestScopeBlueprint;
  events: ServerEventHub;
  listChanged: boolean;
  resourceSubscriptions: boolean;
  logger: ServerLogger;
  /** Present when tools run as tasks: `subscriptions/listen` then serves `notifications/tasks`. */
  taskStatus?: TaskStatusSource;
}

/**
 * The protocol features beyond the three call methods, registered on both legs: completion,
 * change notifications (`subscriptions/listen` on the modern leg; the legacy handler sends session
 * notifications and serves `resources/subscribe` itself) and `Mcp-Param-*` header checks. Built once at bootstrap.
 */
export function installServerFeatures(parts: ServerFeatureParts): void {
  const { catalog, modern, legacy, registry, events, logger } = parts;
  const capabilities = catalog.capabilities;

  const completion = new CompletionService({
    completers: new CompletionRegistry(parts.tools, registry),
    catalogue: registry,
    blueprint: parts.blueprint,
    logger,
  });
  if (capabilities.completions) {
    const complete = (params: Record<string, unknown>, environment: RequestEnvironment) =>
      completion.complete(params, environment) as Promise<Record<string, unknown>>;
    modern.register('completion/complete', complete);
    legacy.register('completion/complete', complete);
  }

  const support: SubscriptionSupport = {
    tools: parts.listChanged && capabilities.tools !== undefined,
    prompts: parts.listChanged && capabilities.prompts !== undefined,
    resources: parts.listChanged && capabilities.resources !== undefined,
    resourceSubscriptions: parts.resourceSubscriptions && capabilities.resources !== undefined,
  };
  if (Object.values(support).some(Boolean) || parts.taskStatus)
    modern.register('subscriptions/listen', createListenHandler(events, support, parts.taskStatus));

  const paramHeaders = new ParamHeaderRules(registry.tools.values());
  if (paramHeaders.toolCount) modern.addHeaderCheck(paramHeaders.check);
}
