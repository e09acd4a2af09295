import 'reflect-metadata';
import { createRootContainer } from '../di/root-container.factory.js';
import { systemClock } from '../mrtr/clock.js';
import { Keyring } from '../mrtr/keyring.js';
import { MrtrInterceptor } from '../mrtr/mrtr.interceptor.js';
import { OnceRecorder } from '../mrtr/once.recorder.js';
import { RequestStateCodec } from '../mrtr/request-state.codec.js';
import { stderrLogger } from '../mrtr/server-logger.js';
import { MemoryStateStore } from '../mrtr/stores/memory.state-store.js';
import { CommitInterceptor } from '../pipeline/commit.interceptor.js';
import { HandlerRegistry } from '../registry/handler-registry.js';
import { checkDeclaredForms } from '../schema/declared-forms.check.js';
import { CallDispatcher } from '../server/call-dispatcher.js';
import { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import { UrlElicitationRegistry } from '../server/legacy/url-elicitation.registry.js';
import { ServerCatalog } from '../server/server-catalog.js';
import { ListChangedNotifier } from '../server/subscriptions/list-changed.notifier.js';
import { ResourceUpdateNotifier } from '../server/subscriptions/resource-update.notifier.js';
import { ServerEventHub } from '../server/subscriptions/server-event.hub.js';
import { interceptorClassesOf } from '../registry/interceptor-classes.reader.js';
import { ElicitorApp } from './elicitor-app.js';
import type { ElicitorOptions } from './elicitor.options.js';
import { installServerFeatures } from './server-features.js';

const DEFAULT_TTL_MS = 600_000;
const DEFAULT_LEGACY_TIMEOUT_MS = 600_000;

/** Entry point: `await Elicitor.create({ name, version, tools, providers })`. */
export const Elicitor = {
  /** Builds the catalogue, the container and the pipeline once; fails fast on any declaration error. */
  async create(options: ElicitorOptions): Promise<ElicitorApp> {
    const logger = options.logger ?? stderrLogger;
    const registry = new HandlerRegistry(options.tools);
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
    const store = options.store ?? new MemoryStateStore(options.clock ? { clock: options.clock } : {});
    const clock = options.clock ?? systemClock;
    const onceRecorder = new OnceRecorder(store, ttlMs);
    const dispatcher = new CallDispatcher({
      registry,
      blueprint,
      globalInterceptors: options.interceptors ?? [],
      modernInterceptors: [new MrtrInterceptor({ codec, store, onceRecorder, ttlMs, logger })],
      sharedInterceptors: [new CommitInterceptor((error) => logger.error('onCommit work failed', error))],
      push: { defaultTimeoutMs: options.legacyRequestTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS, onceRecorder },
      logger,
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
      keyConfigured: configuredKeys !== undefined || envKeyring !== undefined,
    });
  },
};
