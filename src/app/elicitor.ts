import 'reflect-metadata';
import { createRootContainer } from '../di/root-container.factory.js';
import { systemClock } from '../mrtr/clock.js';
import { Keyring } from '../mrtr/keyring.js';
import { LeaseClaims } from '../mrtr/lease-claims.js';
import { MrtrInterceptor } from '../mrtr/mrtr.interceptor.js';
import { OnceRecorder } from '../mrtr/once.recorder.js';
import { RequestStateCodec } from '../mrtr/request-state.codec.js';
import { stderrLogger } from '../mrtr/server-logger.js';
import type { ServerLogger } from '../mrtr/server-logger.js';
import { MemoryStateStore } from '../mrtr/stores/memory.state-store.js';
import { CommitInterceptor } from '../pipeline/commit.interceptor.js';
import { HandlerRegistry } from '../registry/handler-registry.js';
import { checkDeclaredForms } from '../schema/declared-forms.check.js';
import { CallDispatcher } from '../server/call-dispatcher.js';
import { loadServerSdk } from '../server/sdk-runtime.loader.js';
import { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import { UrlElicitationRegistry } from '../server/legacy/url-elicitation.registry.js';
import { ServerCatalog } from '../server/server-catalog.js';
import { ListChangedNotifier } from '../server/subscriptions/list-changed.notifier.js';
import { ResourceUpdateNotifier } from '../server/subscriptions/resource-update.notifier.js';
import { ServerEventHub } from '../server/subscriptions/server-event.hub.js';
import { filterClassesOf, guardClassesOf } from '../registry/enhancer-classes.reader.js';
import { interceptorClassesOf } from '../registry/interceptor-classes.reader.js';
import { ElicitorApp } from './elicitor-app.js';
import type { ElicitorOptions } from './elicitor.options.js';
import { installServerFeatures } from './server-features.js';
import { adaptLogger } from './logger.adapter.js';
import { loadTracing } from './tracing.loader.js';

const DEFAULT_TTL_MS = 600_000;
const DEFAULT_LEGACY_TIMEOUT_MS = 600_000;
const DEFAULT_LEASE_MS = 30_000;

/** Entry point: `await Elicitor.create({ name, version, tools, providers })`. */
export const Elicitor = {
  /** Builds the catalogue, the container and the pipeline once; fails fast on any declaration error. */
  async create(options: ElicitorOptions): Promise<ElicitorApp> {
    const logger = options.logger ? adaptLogger(options.logger) : stderrLogger;
    const registry = new HandlerRegistry(options.tools);
    // URI templates are matched by the SDK's UriTemplate; without any, the SDK waits for a legacy client.
    if (registry.resourceTemplates.length > 0) await loadServerSdk();
    checkDeclaredForms(options.forms);
    const events = new ServerEventHub();
    const listChanged = new ListChangedNotifier(events, options.listChanged ?? false);
    const resourceUpdates = new ResourceUpdateNotifier(events, options.resourceSubscriptions ?? false);
    const providers = [
      { provide: ListChangedNotifier, useValue: listChanged },
      { provide: ResourceUpdateNotifier, useValue: resourceUpdates },
      ...(options.providers ?? []),
    ];
    const interceptorClasses = interceptorClassesOf(registry, options.interceptors ?? []);
    const blueprint = createRootContainer({
      tools: options.tools,
      providers,
      interceptors: interceptorClasses,
      guards: guardClassesOf(registry, options.guards ?? []),
      filters: filterClassesOf(registry, options.filters ?? []),
    });
    const ttlMs = options.requestState?.ttlMs ?? DEFAULT_TTL_MS;
    const configuredKeys = options.requestState?.keys;
    const envKeyring = Keyring.fromEnv();
    const keyring =
      configuredKeys instanceof Keyring
        ? configuredKeys
        : configuredKeys
          ? Keyring.fromSecrets(configuredKeys)
          : (envKeyring ?? Keyring.random());
    const codec = new RequestStateCodec({
      keyring,
      ttlMs,
      ...(options.requestState?.maxBytes !== undefined ? { maxBytes: options.requestState.maxBytes } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      onReject: (reason) => logger.warn(`requestState rejected: ${reason}`),
    });
    const store = options.store ?? memoryStore(options, logger);
    const keyConfigured = configuredKeys !== undefined || envKeyring !== undefined;
    if (keyConfigured && options.store === undefined) logger.warn(MEMORY_STORE_WITH_FIXED_KEYS);
    const clock = options.clock ?? systemClock;
    const claims = new LeaseClaims({
      store,
      leaseMs: options.requestState?.leaseMs ?? DEFAULT_LEASE_MS,
      recordTtlMs: ttlMs,
      logger,
    });
    const onceRecorder = new OnceRecorder(claims);
    const tracing = await loadTracing(options.tracing);
    const commit = new CommitInterceptor((error) => logger.error('onCommit work failed', error));
    const dispatcher = new CallDispatcher({
      registry,
      blueprint,
      globalInterceptors: options.interceptors ?? [],
      globalGuards: options.guards ?? [],
      globalFilters: options.filters ?? [],
      outerInterceptors: tracing ? [tracing.span] : [],
      modernInterceptors: [new MrtrInterceptor({ codec, store, claims, onceRecorder, ttlMs, logger })],
      sharedInterceptors: tracing ? [commit, tracing.probe] : [commit],
      push: { defaultTimeoutMs: options.legacyRequestTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS, onceRecorder },
      logger,
      ...(tracing ? { onUnexpectedError: tracing.recordException } : {}),
    });
    const catalog = new ServerCatalog(registry, {
      serverInfo: {
        name: options.name,
        version: options.version,
        ...(options.title ? { title: options.title } : {}),
      },
      ...(options.instructions ? { instructions: options.instructions } : {}),
      listChanged: options.listChanged ?? false,
      listTtlMs: 0,
    });
    const modern = new ModernProtocolHandler(catalog, dispatcher, logger);
    const extendLegacy = installServerFeatures({
      tools: options.tools,
      registry,
      catalog,
      modern,
      blueprint,
      events,
      listChanged: listChanged.enabled,
      resourceSubscriptions: resourceUpdates.enabled,
      logger,
    });
    return new ElicitorApp({
      container: blueprint.root,
      registry,
      catalog,
      dispatcher,
      modern,
      store,
      logger,
      events,
      listChanged,
      resourceUpdates,
      extendLegacy,
      urlElicitations: new UrlElicitationRegistry({ ttlMs, now: () => clock.now() }),
      keyConfigured,
    });
  },
};

const MEMORY_STORE_WITH_FIXED_KEYS =
  'requestState keys are fixed but once records and final results are kept in memory: a restart forgets them, so a state sealed before it can run a once effect again. Pass a shared store (elicitor/redis) to survive restarts and serve several replicas.';

/** The default store: bounded, and loud when its cap starts to forget records still in their TTL. */
function memoryStore(options: ElicitorOptions, logger: ServerLogger): MemoryStateStore {
  let warned = false;
  return new MemoryStateStore({
    ...(options.clock ? { clock: options.clock } : {}),
    onEvict: () => {
      if (warned) return;
      warned = true;
      logger.warn(
        'the in-memory state store is full and drops its oldest records (once results, final results); raise its maxEntries or use a shared store',
      );
    },
  });
}
