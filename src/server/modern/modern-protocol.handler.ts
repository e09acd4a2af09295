import type { RequestEnvironment } from '../../context/request-environment.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { ServerLogger } from '../../mrtr/server-logger.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { toJsonRpcError } from '../error-mapping.js';
import type { ServerCatalog } from '../server-catalog.js';
import { assertSupportedVersion, checkEnvelope, readRequestMeta } from './envelope.js';
import type { CheckedMessage, RequestMeta } from './envelope.js';
import { checkModernHeaders } from './header.check.js';
import type { ModernHeaders, ModernReply, ModernRequest } from './modern-request.js';

/** Methods a 2026-07-28 server no longer has; they get -32601 like unknown ones. */
const REMOVED_METHODS = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/** Extra methods a feature registers on the modern leg (completion, subscriptions, ...). */
export type ModernMethodHandler = (
  params: Record<string, unknown>,
  environment: RequestEnvironment,
  request: ModernRequest,
) => Promise<Record<string, unknown>>;

/** An extra check of a modern HTTP request's headers against its body (e.g. `Mcp-Param-*`); throws to refuse. */
export type HeaderCheck = (headers: ModernHeaders, message: CheckedMessage) => void;

/**
 * Serves the 2026-07-28 wire without SDK server objects: envelope, `_meta` and header checks, discovery,
 * the static lists, and the three call methods through the dispatcher.
 */
export class ModernProtocolHandler {
  private readonly extraMethods = new Map<string, ModernMethodHandler>();
  private readonly headerChecks: HeaderCheck[] = [];

  constructor(
    private readonly catalog: ServerCatalog,
    private readonly dispatcher: CallDispatcher,
    private readonly logger: ServerLogger,
  ) {}

  register(method: string, handler: ModernMethodHandler): void {
    this.extraMethods.set(method, handler);
  }

  /** Runs after the standard header checks, on HTTP requests only. */
  addHeaderCheck(check: HeaderCheck): void {
    this.headerChecks.push(check);
  }

  async handle(request: ModernRequest): Promise<ModernReply> {
    let message: CheckedMessage | undefined;
    try {
      message = checkEnvelope(request.message);
      if (message.id === undefined) return { status: 202, body: undefined };
      const meta = readRequestMeta(message.params);
      if (request.headers) checkModernHeaders(request.headers, message, meta.protocolVersion);
      assertSupportedVersion(meta.protocolVersion);
      if (request.headers) for (const check of this.headerChecks) check(request.headers, message);
      const result = await this.route(message, meta, request);
      return {
        status: 200,
        body: { jsonrpc: '2.0', id: message.id, result: this.finish(message.method, result) },
      };
    } catch (error) {
      if (!(error instanceof McpProtocolError))
        this.logger.error(`${message?.method ?? 'request'} failed`, error);
      const { error: body, status } = toJsonRpcError(error);
      const id = message?.id ?? idOf(request.message);
      return { status, body: { jsonrpc: '2.0', id, error: body } };
    }
  }

  private route(message: CheckedMessage, meta: RequestMeta, request: ModernRequest): Promise<unknown> {
    const { method, params } = message;
    const list = this.catalog.lists[method];
    if (list) return Promise.resolve(list);
    if (method === 'server/discover') return Promise.resolve(this.catalog.discover);
    const environment = this.environmentOf(message, meta, request);
    if (method === 'tools/call') return this.dispatcher.callTool(params, environment);
    if (method === 'prompts/get') return this.dispatcher.getPrompt(params, environment);
    if (method === 'resources/read') return this.dispatcher.readResource(params, environment);
    const extra = REMOVED_METHODS.has(method) ? undefined : this.extraMethods.get(method);
    if (extra) return extra(params, environment, request);
    throw new McpProtocolError(-32601, `Method not found: ${method}`, undefined, 404);
  }

  private environmentOf(
    message: CheckedMessage,
    meta: RequestMeta,
    request: ModernRequest,
  ): RequestEnvironment {
    return {
      era: 'modern',
      protocolVersion: meta.protocolVersion,
      clientCapabilities: meta.clientCapabilities,
      clientInfo: meta.clientInfo,
      requestId: message.id!,
      get signal() {
        return request.signal;
      },
      aborted: () => (request.aborted ? request.aborted() : request.signal.aborted),
      authInfo: request.authInfo,
      logLevel: meta.logLevel,
      progressToken: meta.progressToken,
      notify: (notification) => request.notify(notification),
    };
  }

  /** Every modern result says whether it is final and who answered; a read resource also how long to cache it. */
  private finish(method: string, result: unknown): Record<string, unknown> {
    const body = result as Record<string, unknown>;
    const resultType = body.resultType ?? 'complete';
    const finished: Record<string, unknown> = {
      ...body,
      resultType,
      _meta: { ...(body._meta as object | undefined), ...this.catalog.resultMeta },
    };
    if (method === 'resources/read' && resultType === 'complete') {
      finished.ttlMs ??= 0;
      finished.cacheScope ??= 'private';
    }
    return finished;
  }
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
