import { asksThroughApp } from '../../context/app-asking.check.js';
import { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { toJsonRpcError } from '../error-mapping.js';
import type { ServerCatalog } from '../server-catalog.js';
import { isSealedResult, takeRecordedJson } from '../../mrtr/sealed-results.js';
import { assertSupportedVersion, checkEnvelope, readRequestMeta } from './envelope.js';
import type { CheckedMessage, RequestMeta } from './envelope.js';
import { checkModernHeaders } from './header.check.js';
import { ModernEnvironment } from './modern-environment.js';
import type { ModernHeaders, ModernReply, ModernRequest } from './modern-request.js';

/** Methods a 2026-07-28 server no longer has; they get method-not-found like unknown ones. */
const REMOVED_METHODS = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/** A list method is only served when its capability is declared; otherwise it is an unknown method. */
const LIST_CAPABILITY: Readonly<Record<string, string>> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
};

/** Where the tool list of clients asked through apps is cached beside the static results. */
const APP_ASKING_TOOLS = 'tools/list (asked through apps)';

/** Extra methods a feature registers on the modern leg (completion, subscriptions, ...). */
export type ModernMethodHandler = (
  params: Record<string, unknown>,
  environment: RequestEnvironment,
  request: ModernRequest,
) => Promise<Record<string, unknown>>;

/** Takes a `tools/call` over: it may answer otherwise than the dispatcher would (a task, say). */
export type ToolCallRoute = (
  params: Record<string, unknown>,
  environment: RequestEnvironment,
) => Promise<unknown>;

/** An extra check of a modern HTTP request's headers against its body (e.g. `Mcp-Param-*`); throws to refuse. */
export type HeaderCheck = (headers: ModernHeaders, message: CheckedMessage) => void;

/**
 * Serves the 2026-07-28 wire without SDK server objects: envelope, `_meta` and header checks, discovery,
 * the static lists, and the three call methods through the dispatcher.
 */
export class ModernProtocolHandler {
  private readonly extraMethods = new Map<string, ModernMethodHandler>();
  private readonly headerChecks: HeaderCheck[] = [];
  /** Where `tools/call` goes when a feature takes it over (tasks); the dispatcher otherwise. */
  private toolCall: ToolCallRoute | undefined;

  /** The `_meta` every result carries, as JSON text: the same for every reply. */
  private readonly resultMetaJson: string;

  constructor(
    private readonly catalog: ServerCatalog,
    private readonly dispatcher: CallDispatcher,
    private readonly logger: ServerLogger,
  ) {
    this.resultMetaJson = JSON.stringify(catalog.resultMeta);
  }

  /** Static answers (discovery and lists), finished and serialised once. */
  private readonly staticResults = new Map<string, { result: Record<string, unknown>; json: string }>();

  register(method: string, handler: ModernMethodHandler): void {
    this.extraMethods.set(method, handler);
  }

  /** Hands every `tools/call` to `route` rather than straight to the dispatcher. */
  routeToolCalls(route: ToolCallRoute): void {
    this.toolCall = route;
  }

  /** Runs after the standard header checks, on HTTP requests only. */
  addHeaderCheck(check: HeaderCheck): void {
    this.headerChecks.push(check);
  }

  /** Never rejects: every failure becomes a JSON-RPC error reply. */
  handle(request: ModernRequest): Promise<ModernReply> {
    let message: CheckedMessage | undefined;
    try {
      message = checkEnvelope(request.message);
      if (message.id === undefined) return Promise.resolve({ status: 202, body: undefined });
      const meta = readRequestMeta(message.params);
      if (request.headers) checkModernHeaders(request.headers, message, meta.protocolVersion);
      assertSupportedVersion(meta.protocolVersion);
      if (request.headers) for (const check of this.headerChecks) check(request.headers, message);
      const fixed =
        message.method === 'tools/list' && this.asksThroughApp(meta)
          ? this.appAskingToolList()
          : this.staticResult(message.method);
      if (fixed) return Promise.resolve(staticReply(message.id, fixed));
      // Not an async function: its suspended frame would be made for every call.
      const checked = message;
      return this.route(checked, meta, request).then(
        (result) => this.replyOrError(checked, result, request),
        (error: unknown) => this.errorReply(error, checked, request),
      );
    } catch (error) {
      return Promise.resolve(this.errorReply(error, message, request));
    }
  }

  private replyOrError(message: CheckedMessage, result: unknown, request: ModernRequest): ModernReply {
    try {
      const id = message.id!;
      return (
        this.plainResultReply(id, message.method, result) ??
        this.sealedResultReply(id, message.method, result) ?? {
          status: 200,
          body: { jsonrpc: '2.0', id, result: this.finish(message.method, result) },
        }
      );
    } catch (error) {
      return this.errorReply(error, message, request);
    }
  }

  private errorReply(
    error: unknown,
    message: CheckedMessage | undefined,
    request: ModernRequest,
  ): ModernReply {
    if (!(error instanceof McpProtocolError))
      this.logger.error(`${message?.method ?? 'request'} failed`, error);
    const { error: body, status, retryAfterSeconds } = toJsonRpcError(error);
    const id = message?.id ?? idOf(request.message);
    const reply: ModernReply = { status, body: { jsonrpc: '2.0', id, error: body } };
    if (retryAfterSeconds !== undefined) reply.retryAfterSeconds = retryAfterSeconds;
    return reply;
  }

  /** Only an app asking through apps reads the capabilities here: other apps keep the plain path. */
  private asksThroughApp(meta: RequestMeta): boolean {
    return (
      this.catalog.appAskingToolLists !== undefined &&
      asksThroughApp(new ClientCapabilitiesView(meta.clientCapabilities))
    );
  }

  /** The tool list of a client asked through apps, finished and serialised once like the plain one. */
  private appAskingToolList(): { result: Record<string, unknown>; json: string } | undefined {
    const known = this.staticResults.get(APP_ASKING_TOOLS);
    if (known) return known;
    if (!this.catalog.capabilities.tools) return undefined;
    const result = this.finish('tools/list', this.catalog.appAskingToolLists!.modern);
    const entry = { result, json: JSON.stringify(result) };
    this.staticResults.set(APP_ASKING_TOOLS, entry);
    return entry;
  }

  private staticResult(method: string): { result: Record<string, unknown>; json: string } | undefined {
    const known = this.staticResults.get(method);
    if (known) return known;
    const capability = LIST_CAPABILITY[method];
    if (capability && !(this.catalog.capabilities as Record<string, unknown>)[capability]) return undefined;
    const source = method === 'server/discover' ? this.catalog.discover : this.catalog.modernLists[method];
    if (!source) return undefined;
    const result = this.finish(method, source);
    const entry = { result, json: JSON.stringify(result) };
    this.staticResults.set(method, entry);
    return entry;
  }

  private route(message: CheckedMessage, meta: RequestMeta, request: ModernRequest): Promise<unknown> {
    const { method, params } = message;
    const environment = new ModernEnvironment(message.id!, meta, request);
    if (method === 'tools/call')
      return this.toolCall
        ? this.toolCall(params, environment)
        : this.dispatcher.callTool(params, environment);
    if (method === 'prompts/get') return this.dispatcher.getPrompt(params, environment);
    if (method === 'resources/read') return this.dispatcher.readResource(params, environment);
    const extra = REMOVED_METHODS.has(method) ? undefined : this.extraMethods.get(method);
    if (extra) return extra(params, environment, request);
    throw new McpProtocolError(
      JsonRpcErrorCode.MethodNotFound,
      `Method not found: ${method}`,
      undefined,
      404,
    );
  }

  /**
   * The reply to an `input_required` result the re-run model made, still exactly as it made it (result type,
   * questions and sealed state, nothing added on the way out): written as JSON text here. The token is the
   * longest string in it and needs no escaping, and the `_meta` every result carries is the same text each
   * time, so both are spliced in; only the questions are serialised.
   */
  private sealedResultReply(id: string | number, method: string, result: unknown): ModernReply | undefined {
    if (typeof result !== 'object' || result === null || !isSealedResult(result)) return undefined;
    const { resultType, inputRequests, requestState } = result as Record<string, unknown>;
    if (
      resultType !== 'input_required' ||
      typeof requestState !== 'string' ||
      typeof inputRequests !== 'object' ||
      inputRequests === null ||
      ownFieldCount(result) !== 3
    )
      return undefined;
    const json = `{"resultType":"input_required","inputRequests":${JSON.stringify(inputRequests)},"requestState":"${requestState}","_meta":${this.resultMetaJson}}`;
    return jsonReply(id, () => this.finish(method, result), json);
  }

  /**
   * The reply to a result that is a plain object with neither `resultType`, `_meta` nor `toJSON` of its own,
   * and not a resource read (which gains cache fields). `finish` would copy it and append `resultType` and
   * `_meta` after its fields, so the reply is its JSON text with both appended: the text the re-run model
   * made to record it when there is one, otherwise serialised here once, without the copy.
   */
  private plainResultReply(id: string | number, method: string, result: unknown): ModernReply | undefined {
    if (typeof result !== 'object' || result === null || method === 'resources/read') return undefined;
    if (Object.getPrototypeOf(result) !== Object.prototype) return undefined;
    // Plain reads, which V8 caches per shape, rather than `Object.hasOwn` calls: with the prototype checked,
    // a field read as undefined is absent or undefined, and `finish` treats both the same.
    const shape = result as { resultType?: unknown; _meta?: unknown; toJSON?: unknown };
    if (shape.resultType !== undefined || shape._meta !== undefined || shape.toJSON !== undefined)
      return undefined;
    const json = takeRecordedJson(result) ?? JSON.stringify(result);
    const fields = json.length > 2 ? `${json.slice(0, -1)},` : '{';
    const text = `${fields}"resultType":"complete","_meta":${this.resultMetaJson}}`;
    return jsonReply(id, () => this.finish(method, result), text);
  }

  /** Every modern result says whether it is final and who answered; a read resource also how long to cache it. */
  private finish(method: string, result: unknown): Record<string, unknown> {
    const body = result as Record<string, unknown>;
    const resultType = body.resultType ?? 'complete';
    const finished: Record<string, unknown> = Object.assign({}, body);
    finished.resultType = resultType;
    const ownMeta = body._meta as object | undefined;
    finished._meta =
      ownMeta === undefined ? this.catalog.resultMeta : Object.assign({}, ownMeta, this.catalog.resultMeta);
    if (method === 'resources/read' && resultType === 'complete') {
      finished.ttlMs ??= 0;
      finished.cacheScope ??= 'private';
    }
    return finished;
  }
}

/** A reply whose body is already text; the object form is only built if a caller asks for it. */
function staticReply(
  id: string | number,
  fixed: { result: Record<string, unknown>; json: string },
): ModernReply {
  return jsonReply(id, fixed.result, fixed.json);
}

function jsonReply(
  id: string | number,
  result: Record<string, unknown> | (() => Record<string, unknown>),
  resultJson: string,
): ModernReply {
  return new TextReply(id, result, resultJson);
}

/** Its getter lives on the class: an object literal's getter is defined anew, at a cost, on every reply. */
class TextReply implements ModernReply {
  readonly status = 200;
  readonly json: string;
  private built: Record<string, unknown> | undefined;

  constructor(
    private readonly id: string | number,
    /** The result, or how to make it: the object form is only built if a caller asks for the body. */
    private readonly result: Record<string, unknown> | (() => Record<string, unknown>),
    resultJson: string,
  ) {
    // Not `String(id)` for a number: see `numberText`, which is this same call.
    const idJson = JSON.stringify(id);
    this.json = `{"jsonrpc":"2.0","id":${idJson},"result":${resultJson}}`;
  }

  get body(): Record<string, unknown> {
    const { result } = this;
    return (this.built ??= {
      jsonrpc: '2.0',
      id: this.id,
      result: typeof result === 'function' ? result() : result,
    });
  }
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function ownFieldCount(value: object): number {
  let count = 0;
  for (const name in value) if (Object.hasOwn(value, name)) count++;
  return count;
}
