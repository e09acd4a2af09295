import type { AuthInfo, ServerCapabilities } from '@modelcontextprotocol/server';
import { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import type { RequestAbort } from '../../context/request-abort.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { UrlElicitationRequiredError } from '../../errors/url-elicitation-required.error.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { toJsonRpcError } from '../error-mapping.js';
import {
  FIRST_EXTENSIONS_VERSION,
  FIRST_TASKS_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
} from '../protocol-versions.js';
import type { ServerCatalog } from '../server-catalog.js';
import type { ServerEventHub } from '../subscriptions/server-event-hub.js';
import { AppAskingToolLists } from './app-asking-tool-lists.js';
import { LegacyConnection } from './legacy-connection.js';
import type { LegacyOutlet } from './legacy-connection.js';
import { legacyElicitationBlocker } from './legacy-elicitation.check.js';
import type { QuestionWaitSettings } from './legacy-call-peer.js';
import { LegacyEnvironment } from './legacy-environment.js';
import { LegacyEventFanout } from './legacy-event-fanout.js';
import { LOGGING_LEVELS, initializeParamsOf, paramsOf, uriOf } from './legacy-params.check.js';
import type { LegacyRequest } from './legacy-message.check.js';
import type { JsonRpcId, LegacySessionRecord } from './legacy-session-record.types.js';
import { toLegacyUrlElicitations } from './url-elicitation-mapping.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';

/** A method a feature adds to legacy sessions (completion, ...). */
export type LegacyMethodHandler = (
  params: Record<string, unknown>,
  environment: RequestEnvironment,
) => Promise<Record<string, unknown>>;

/** Who answers `tools/call` (the dispatcher, unless tasks take it over). */
export type LegacyToolCallRoute = (
  params: Record<string, unknown>,
  environment: RequestEnvironment,
) => Promise<unknown>;

export interface LegacyProtocolSettings {
  catalog: ServerCatalog;
  dispatcher: CallDispatcher;
  logger: ServerLogger;
  /** Where URL-mode elicitationIds are remembered, for `app.completeElicitation`. */
  urlElicitations?: UrlElicitationRegistry;
  events?: ServerEventHub;
  /** The app advertises `listChanged`: list changes go to every session. */
  listChanged?: boolean;
  /** The app accepts `resources/subscribe`. */
  resourceSubscriptions?: boolean;
  /** Tools run as tasks: 2025-11-25 sessions are told so (`capabilities.tasks`, `execution` on tools). */
  tasks?: boolean;
  /**
   * How often a call with a progressToken sends `notifications/progress` while one of its questions waits for
   * the client's answer; 0 sends none. Default 15 000 ms.
   */
  keepAliveMs?: number;
}

const DEFAULT_KEEP_ALIVE_MS = 15_000;

/** The tasks a server declares on 2025-11-25: task-augmented `tools/call`, `tasks/list` and `tasks/cancel`. */
const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** What the transport knows of one request besides the message. */
export interface LegacyRequestContext {
  abort: RequestAbort;
  authInfo?: AuthInfo | undefined;
}

const LATEST_LEGACY_VERSION = LEGACY_PROTOCOL_VERSIONS[0]!;

/** The list methods, each served only when its capability is declared. */
const LISTS: ReadonlyArray<[method: string, capability: keyof ServerCapabilities, field: string]> = [
  ['tools/list', 'tools', 'tools'],
  ['prompts/list', 'prompts', 'prompts'],
  ['resources/list', 'resources', 'resources'],
  ['resources/templates/list', 'resources', 'resourceTemplates'],
];

/**
 * Serves the 2025-era (initialize) wire on Elicitor's own engine, once per app for every session and
 * transport: `initialize` negotiation, the static lists, the three call methods through the dispatcher
 * (where `PushInterceptor` gives each call its push channel), logging levels, subscriptions,
 * cancellation and the client's answers to server requests. Replies are JSON text.
 */
export class LegacyProtocolHandler {
  readonly capabilities: ServerCapabilities;
  private readonly extraMethods = new Map<string, LegacyMethodHandler>();
  /** Each list result as JSON text, made once. */
  private readonly listJson = new Map<string, string>();
  /** What differs for sessions that speak tasks: their capabilities and tool list. */
  private readonly taskView: { capabilities: ServerCapabilities; toolsJson: string } | undefined;
  private toolCall: LegacyToolCallRoute;
  private readonly fanout: LegacyEventFanout | undefined;
  private readonly subscriptions: boolean;
  private readonly waits: QuestionWaitSettings;
  /** With `askThroughApps`: the tool lists of sessions asked through apps. */
  private readonly appAsking: AppAskingToolLists | undefined;

  constructor(private readonly settings: LegacyProtocolSettings) {
    const keepAliveMs = settings.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
    // setInterval runs at once for a delay past 2^31-1 ms: a typo would flood the client.
    if (typeof keepAliveMs !== 'number' || !(keepAliveMs >= 0) || keepAliveMs > 2_147_483_647)
      throw new RangeError(
        `legacyKeepAliveMs must be 0 or a number of milliseconds up to 2147483647; got ${String(keepAliveMs)}`,
      );
    this.waits = { keepAliveMs, logger: settings.logger };
    const { catalog } = settings;
    this.subscriptions = Boolean(settings.resourceSubscriptions && catalog.capabilities.resources);
    this.capabilities = this.subscriptions
      ? { ...catalog.capabilities, resources: { ...catalog.capabilities.resources, subscribe: true } }
      : catalog.capabilities;
    for (const [method, capability, field] of LISTS) {
      if (this.capabilities[capability] === undefined) continue;
      const items = catalog.lists[method]![field];
      this.listJson.set(method, JSON.stringify({ [field]: items }));
    }
    if (settings.tasks && this.capabilities.tools) {
      const tools = catalog.modernLists['tools/list']!.tools;
      const capabilities = { ...this.capabilities, tasks: TASKS_CAPABILITY } as ServerCapabilities;
      this.taskView = { capabilities, toolsJson: JSON.stringify({ tools }) };
    }
    this.appAsking = AppAskingToolLists.of(catalog, this.capabilities.tools !== undefined);
    this.toolCall = settings.dispatcher.callTool.bind(settings.dispatcher);
    if (settings.events && (settings.listChanged || this.subscriptions)) {
      this.fanout = new LegacyEventFanout(settings.events, this.capabilities, {
        listChanged: settings.listChanged ?? false,
        logger: settings.logger,
      });
    }
  }

  /** Where URL-mode elicitationIds are remembered; a fleet's HTTP sessions offer it their reach. */
  get urlElicitations(): UrlElicitationRegistry | undefined {
    return this.settings.urlElicitations;
  }

  register(method: string, handler: LegacyMethodHandler): void {
    this.extraMethods.set(method, handler);
  }

  routeToolCalls(route: LegacyToolCallRoute): void {
    this.toolCall = route;
  }

  /** A live session for a record, told of server events until it closes. */
  connect(record: LegacySessionRecord, outlet: LegacyOutlet, outboundIdPrefix?: string): LegacyConnection {
    const connection = new LegacyConnection(record, outlet, outboundIdPrefix);
    this.fanout?.add(connection);
    return connection;
  }

  disconnect(connection: LegacyConnection, reason?: string): void {
    this.fanout?.remove(connection);
    connection.close(reason);
  }

  /**
   * The session record an `initialize` opens, and its reply; or the error reply when the request is not
   * a valid `initialize`. A version the server does not speak falls back to the latest it does.
   */
  initialize(
    id: string,
    request: LegacyRequest,
  ): { record: LegacySessionRecord; reply: string } | { refusal: string } {
    const params = initializeParamsOf(request.params);
    if (typeof params === 'string') {
      return { refusal: errorJson(request.id, JsonRpcErrorCode.InvalidParams, params) };
    }
    const protocolVersion = LEGACY_PROTOCOL_VERSIONS.includes(params.protocolVersion)
      ? params.protocolVersion
      : LATEST_LEGACY_VERSION;
    const record: LegacySessionRecord = {
      id,
      protocolVersion,
      clientCapabilities: params.capabilities,
      clientInfo: params.clientInfo,
      logLevel: undefined,
      subscriptions: [],
      initialized: false,
    };
    const { catalog } = this.settings;
    const result: Record<string, unknown> = {
      protocolVersion,
      capabilities: this.tasksView(protocolVersion)?.capabilities ?? this.capabilitiesFor(protocolVersion),
      serverInfo: catalog.serverInfo,
    };
    if (catalog.instructions) result.instructions = catalog.instructions;
    return { record, reply: resultJson(request.id, JSON.stringify(result)) };
  }

  /** Answers one request of a session, as the JSON text of its response; never rejects. */
  handleRequest(
    connection: LegacyConnection,
    request: LegacyRequest,
    context: LegacyRequestContext,
  ): Promise<string> {
    const { id, method } = request;
    try {
      const list =
        method === 'tools/list'
          ? (this.appAsking?.listFor(
              connection.record,
              this.tasksView(connection.record.protocolVersion) !== undefined,
            ) ??
            this.tasksView(connection.record.protocolVersion)?.toolsJson ??
            this.listJson.get(method))
          : this.listJson.get(method);
      if (list !== undefined) return Promise.resolve(resultJson(id, list));
      switch (method) {
        case 'ping':
          return Promise.resolve(resultJson(id, '{}'));
        case 'initialize': {
          const opened = this.initialize(connection.record.id, request);
          if ('refusal' in opened) return Promise.resolve(opened.refusal);
          Object.assign(connection.record, opened.record);
          return Promise.resolve(opened.reply);
        }
        case 'logging/setLevel':
          return Promise.resolve(this.setLevel(connection, request));
        case 'resources/subscribe':
        case 'resources/unsubscribe':
          if (this.subscriptions) return Promise.resolve(this.subscribe(connection, request));
          break;
      }
      const work = this.call(connection, request, context);
      if (work) return this.settle(connection, request, context, work);
      return Promise.resolve(errorJson(id, JsonRpcErrorCode.MethodNotFound, `Method not found: ${method}`));
    } catch (error) {
      return Promise.resolve(this.errorReply(connection, request, error));
    }
  }

  /** A notification from the client: `initialized`, `cancelled`; others need no action. */
  handleNotification(connection: LegacyConnection, method: string, params: unknown): void {
    if (method === 'notifications/initialized') {
      connection.record.initialized = true;
    } else if (method === 'notifications/cancelled') {
      const { requestId, reason } = (paramsOf(params) ?? {}) as { requestId?: unknown; reason?: unknown };
      if (typeof requestId === 'string' || typeof requestId === 'number') {
        connection.cancel(requestId, typeof reason === 'string' ? reason : undefined);
      }
    }
  }

  /** The client's answer to a server request; whether one was waiting for it. */
  handleResponse(
    connection: LegacyConnection,
    response: { id: JsonRpcId; result?: unknown; error?: unknown },
  ): boolean {
    return connection.outbound.settle(response);
  }

  private call(
    connection: LegacyConnection,
    request: LegacyRequest,
    context: LegacyRequestContext,
  ): Promise<unknown> | undefined {
    const { method } = request;
    const { dispatcher } = this.settings;
    const capabilities = this.capabilities;
    const dispatch =
      method === 'tools/call' && capabilities.tools
        ? this.toolCall
        : method === 'prompts/get' && capabilities.prompts
          ? dispatcher.getPrompt.bind(dispatcher)
          : method === 'resources/read' && capabilities.resources
            ? dispatcher.readResource.bind(dispatcher)
            : this.extraMethods.get(method);
    if (!dispatch) return undefined;
    const params = paramsOf(request.params);
    if (params === undefined) {
      throw new McpProtocolError(JsonRpcErrorCode.InvalidParams, 'Invalid params: an object is required');
    }
    const meta = params._meta as { progressToken?: unknown } | undefined;
    const environment = new LegacyEnvironment(
      request.id,
      connection,
      context.abort,
      context.authInfo,
      meta?.progressToken,
      this.settings.urlElicitations,
      request,
      this.waits,
    );
    return dispatch(params, environment);
  }

  private settle(
    connection: LegacyConnection,
    request: LegacyRequest,
    context: LegacyRequestContext,
    work: Promise<unknown>,
  ): Promise<string> {
    connection.begin(request.id, context.abort);
    return work.then(
      (result) => {
        connection.end(request.id, context.abort);
        return resultJson(request.id, JSON.stringify(result ?? {}));
      },
      (error: unknown) => {
        connection.end(request.id, context.abort);
        return this.errorReply(connection, request, error);
      },
    );
  }

  /** 2025-06-18 has no extensions: its sessions are not told of any. */
  private capabilitiesFor(protocolVersion: string): ServerCapabilities {
    if (protocolVersion >= FIRST_EXTENSIONS_VERSION || this.capabilities.extensions === undefined)
      return this.capabilities;
    const { extensions: _extensions, ...withoutExtensions } = this.capabilities;
    return withoutExtensions;
  }

  private tasksView(protocolVersion: string): LegacyProtocolHandler['taskView'] {
    return protocolVersion >= FIRST_TASKS_VERSION ? this.taskView : undefined;
  }

  /**
   * The URL-elicitation-required error exists from 2025-11-25 on and needs URL mode; other clients get
   * the capability error instead. Anything not a protocol error says nothing of its cause.
   */
  private errorReply(connection: LegacyConnection, request: LegacyRequest, error: unknown): string {
    if (error instanceof UrlElicitationRequiredError) {
      const { protocolVersion, clientCapabilities } = connection.record;
      const blocker = legacyElicitationBlocker(
        'url',
        protocolVersion,
        new ClientCapabilitiesView(clientCapabilities),
      );
      if (blocker) return errorJson(request.id, blocker.rpcCode, blocker.message, blocker.data);
      const elicitations = toLegacyUrlElicitations(error);
      for (const { elicitationId } of elicitations)
        this.settings.urlElicitations?.remember(elicitationId, connection);
      return errorJson(request.id, JsonRpcErrorCode.UrlElicitationRequired, error.message, { elicitations });
    }
    if (!(error instanceof McpProtocolError)) this.settings.logger.error(`${request.method} failed`, error);
    const { error: body } = toJsonRpcError(error);
    return errorJson(request.id, body.code, body.message, body.data);
  }

  private setLevel(connection: LegacyConnection, request: LegacyRequest): string {
    const level = (paramsOf(request.params) as { level?: unknown } | undefined)?.level;
    if (!LOGGING_LEVELS.has(level as string)) {
      return errorJson(
        request.id,
        JsonRpcErrorCode.InvalidParams,
        `Invalid params: unknown level ${String(level)}`,
      );
    }
    connection.record.logLevel = level as LegacySessionRecord['logLevel'];
    return resultJson(request.id, '{}');
  }

  private subscribe(connection: LegacyConnection, request: LegacyRequest): string {
    const uri = uriOf(request.params);
    if (uri === undefined) {
      return errorJson(request.id, JsonRpcErrorCode.InvalidParams, 'Invalid params: uri must be a string');
    }
    const { subscriptions } = connection.record;
    const at = subscriptions.indexOf(uri);
    if (request.method === 'resources/subscribe') {
      if (at < 0) subscriptions.push(uri);
    } else if (at >= 0) subscriptions.splice(at, 1);
    return resultJson(request.id, '{}');
  }
}

/** A result reply around result JSON text; the id written by one `JSON.stringify` call. */
export function resultJson(id: JsonRpcId, result: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;
}

export function errorJson(id: JsonRpcId | null, code: number, message: string, data?: unknown): string {
  const error: Record<string, unknown> = { code, message };
  if (data !== undefined) error.data = data;
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}
