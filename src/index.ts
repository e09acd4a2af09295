import 'reflect-metadata';

export { Elicitor, type CreateApp } from './app/elicitor.js';
export { ElicitorApp, type ModernMessageOptions } from './app/elicitor-app.js';
export type { ModernReply } from './server/modern/modern-request.js';
export type { ListenOptions, ListeningInfo } from './app/listen.options.js';
export type { RunOptions } from './app/command-line.runner.js';
export type { ElicitorAppOptions, ElicitorOptions, RequestStateOptions } from './app/elicitor.options.js';
export type { TracingOptions, TracerProviderLike } from './app/tracing.options.js';
export type {
  FetchHandlerOptions,
  HttpHandlerOptions,
  HttpListenOptions,
  NodeHandlerOptions,
} from './transport/http/http-handler.options.js';
export type { FetchRequestHandler } from './transport/http/fetch-http.handler.js';
export type { NodeRequestHandler } from './transport/http/node-http.handler.js';
export type { AttachableServer } from './transport/http/server-attachment.js';
export { bearerAuth } from './transport/auth/bearer-auth.js';
export type { BearerAuthOptions, BearerAuthenticate } from './transport/auth/bearer-auth.js';
export type { JwtVerifierOptions } from './transport/auth/jwt.check.js';
export type { IntrospectionOptions } from './transport/auth/token-introspection.check.js';
export type { ProtectedResourceOptions } from './transport/auth/protected-resource.metadata.js';
export { BearerTokenError } from './errors/bearer-token.error.js';
export type { BearerErrorCode } from './errors/bearer-token.error.js';
export type { LegacyResumability } from './transport/legacy/legacy-http-sessions.js';
export type { LegacySessionOptions } from './transport/legacy/legacy-session.options.js';
export type { HttpServerLimits } from './transport/http/http-server-limits.js';
export { MemoryEventStore } from './transport/legacy/memory-event.store.js';
export type { ForgettingEventStore } from './transport/legacy/session-event-log.js';
export type { TextEventStore } from './transport/legacy/text-event.store.js';
export type { MemoryEventStoreOptions } from './transport/legacy/memory-event.store.js';
export type { StdioStreams } from './transport/stdio.transport.js';
export { MemoryFleet, type MemoryFleetOptions } from './fleet/memory-fleet.store.js';
export type {
  Fleet,
  FleetBus,
  FleetEvent,
  FleetEventLog,
  FleetListener,
  FleetRecords,
  FleetSessionLimits,
  FleetSessions,
} from './fleet/fleet.types.js';
export type { AuthInfo } from '@modelcontextprotocol/server';

export { Tools } from './decorators/tools.decorator.js';
export { Tool } from './decorators/tool.decorator.js';
export { Prompt } from './decorators/prompt.decorator.js';
export { Resource } from './decorators/resource.decorator.js';
export { UiResource } from './decorators/ui-resource.decorator.js';
export type {
  UiResourceOptions,
  UiResourceMeta,
  UiResourceCsp,
  UiResourcePermissions,
  UiResourceReference,
  ToolUiOptions,
  ToolVisibility,
} from './metadata/ui-resource.metadata.js';
export {
  UI_EXTENSION,
  MCP_APP_MIME_TYPE,
  FORM_APP_URI,
  ANSWER_TOOL_NAME,
} from './shared/mcp-apps.constants.js';
export type {
  AppQuestion,
  Continuation,
  AppAnswerArguments,
  AppAnswerContent,
} from './shared/app-question.types.js';
export { UiSupport } from './context/ui-support.js';
export { Complete } from './decorators/complete.decorator.js';
export { Args } from './decorators/args.decorator.js';
export { Ctx } from './decorators/ctx.decorator.js';
export { ElicitSchema } from './decorators/elicit-schema.decorator.js';
export { Field } from './decorators/field.decorator.js';
export { UseInterceptors } from './decorators/use-interceptors.decorator.js';
export { UseGuards } from './decorators/use-guards.decorator.js';
export { UseFilters } from './decorators/use-filters.decorator.js';
export { Catch } from './decorators/catch.decorator.js';
export type { GuardReference, FilterReference, ErrorType } from './metadata/enhancer.metadata.js';
export { Module, Global } from './decorators/module.decorator.js';
export type {
  AsyncModuleOptions,
  DynamicModule,
  ModuleExport,
  ModuleImport,
  ModuleMetadata,
  PipelineReference,
} from './metadata/module.metadata.js';
export type {
  BeforeApplicationShutdown,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from './di/lifecycle-hooks.js';
export type { ToolOptions, ToolTaskMode } from './metadata/tool.metadata.js';
export type { TasksOptions } from './app/task-support.factory.js';
export { InProcessTaskQueue, type InProcessTaskQueueOptions } from './tasks/in-process-task-queue.runner.js';
export type { TaskQueue, TaskJobHandler } from './tasks/task-queue.js';
export type { TaskJob, TaskStatus } from './tasks/task.types.js';
export { TaskLimitError } from './errors/task-limit.error.js';
export type { PromptOptions, PromptArgumentOptions } from './metadata/prompt.metadata.js';
export type { ResourceOptions } from './metadata/resource.metadata.js';
export type { CompleteOptions } from './metadata/complete.metadata.js';
export type {
  CompletionRequest,
  CompletionReference,
  CompletionValues,
} from './server/completion/completion-request.js';
export { ListChangedNotifier } from './server/subscriptions/list-changed-notifier.js';
export { ResourceUpdateNotifier } from './server/subscriptions/resource-update-notifier.js';
export type { ChangedList } from './server/subscriptions/server-event.js';
export type {
  FieldOptions,
  EnumOption,
  StringFormat,
  FieldDefault,
  FieldTypeReference,
  EnumFieldSchema,
} from './metadata/field.metadata.js';
export type { ElicitSchemaOptions } from './metadata/elicit-schema.metadata.js';
export type { ToolsClassOptions } from './metadata/tools-class.metadata.js';
export type { ClassType } from './metadata/class-type.js';
export type { DeclaredForm } from './metadata/declared-form.js';
export type { InterceptorReference } from './metadata/interceptor.metadata.js';

export { EnumSchema } from './schema/enum-schema.js';
export type {
  MultiSelectEnumOptions,
  SingleSelectEnumOptions,
  TitledEnumChoices,
} from './schema/enum-schema.js';
export type { JsonSchema, JsonSchemaObject, JsonValue } from './schema/json-schema.js';
export { buildFormSchema } from './schema/form-schema.builder.js';
export type { FormSchema } from './schema/form-schema.builder.js';
export { internFormSchema } from './schema/interned-form-schema.js';
export type { FieldChoices, RuntimeChoices } from './schema/runtime-choices.js';
export { buildInputSchema } from './schema/input-schema.builder.js';
export { isStandardSchema } from './schema/standard-schema.js';
export type { StandardSchema, StandardJsonSchema } from './schema/standard-schema.js';
export { buildStandardForm } from './schema/standard-form-schema.builder.js';
export type { StandardForm } from './schema/standard-form-schema.builder.js';
export { buildJsonFormSchema } from './schema/json-form-schema.builder.js';
export type { FormSource } from './validation/form-source.reader.js';
export type { FormAnswerRefiner } from './validation/form-answer.check.js';
export type { ValidationIssue, ValidationOutcome } from './validation/validation-outcome.js';
export type { SchemaIssue } from './schema/json-value.check.js';

export { Context } from './context/context.js';
export type { CallTarget, ElicitAnswer } from './context/context.js';
export type { ContextLogger } from './context/context-logger.js';
export { ElicitRequestParams, FormElicitation, UrlElicitation } from './context/elicitation-request.js';
export type { ElicitationRequest, FormFieldType, FormSchemaOptions } from './context/elicitation-request.js';
export { ElicitResult } from './context/elicit-result.js';
export type { ElicitAction } from './context/elicit-result.js';
export { ElicitationModes } from './context/elicitation-modes.js';
export { ClientCapabilitiesView } from './context/client-capabilities-view.js';
export type { InputOptions, OnceEffect, OnceEffectInfo } from './context/input-channel.js';
export type { ProtocolEra } from './context/request-environment.js';

export type { ElicitorInterceptor } from './pipeline/elicitor-interceptor.js';
export type { CallInfo, CallKind } from './pipeline/call-info.js';
export type { CanActivate } from './pipeline/can-activate.js';
export type { ExceptionFilter } from './pipeline/exception-filter.js';
export { RequireScopes, RequireScopesGuard } from './pipeline/require-scopes.guard.js';
export type {
  Provider,
  ProviderScope,
  ClassProvider,
  ValueProvider,
  FactoryProvider,
} from './di/provider.js';

export { isInputRequired, type InputRequiredSignal } from './mrtr/input-required-signal.js';
export { Keyring, type StateKey } from './mrtr/keyring.js';
export type { GenerationClaim, StateStore } from './mrtr/stores/state-store.js';
export { MemoryStateStore, type MemoryStateStoreOptions } from './mrtr/stores/memory.store.js';
export type { Clock } from './shared/clock.js';
export type { ServerLogger } from './shared/server-logger.js';
export { pinoLogger, type PinoLike } from './app/pino-logger.adapter.js';
export { winstonLogger, type WinstonLike } from './app/winston-logger.adapter.js';

export { ElicitorError } from './errors/elicitor.error.js';
export { UserError } from './errors/user.error.js';
export { ForbiddenError } from './errors/forbidden.error.js';
export { McpProtocolError } from './errors/protocol.error.js';
export { InvalidParamsError } from './errors/invalid-params.error.js';
export { MissingCapabilityError } from './errors/missing-capability.error.js';
export { UrlElicitationRequiredError } from './errors/url-elicitation-required.error.js';
export type { UrlElicitationSpec } from './errors/url-elicitation-required.error.js';
export { RequestTimeoutError } from './errors/request-timeout.error.js';
export { RequestCancelledError } from './errors/request-cancelled.error.js';
export { SchemaDefinitionError, type SchemaDefinitionIssue } from './errors/schema-definition.error.js';
export { SchemaLoweringError } from './errors/schema-lowering.error.js';
export { ModuleDefinitionError } from './errors/module-definition.error.js';
export { ShuttingDownError } from './errors/shutting-down.error.js';
export { StoreUnavailableError } from './errors/store-unavailable.error.js';
export { OutcomeUnknownError, OUTCOME_UNKNOWN_MESSAGE } from './errors/outcome-unknown.error.js';
export { JsonRpcErrorCode } from './errors/json-rpc-error-codes.js';
