import 'reflect-metadata';
import { LifecycleRunner } from '../di/lifecycle.runner.js';
import { moduleDeclarationsOf } from '../di/module-declarations.js';
import { createRootContainerAsync } from '../di/root-container.factory.js';
import type { ClassType } from '../metadata/class-type.js';
import type { DynamicModule } from '../metadata/module.metadata.js';
import { systemClock } from '../shared/clock.js';
import { Keyring } from '../mrtr/keyring.js';
import { LeaseClaims } from '../mrtr/lease-claims.js';
import { MrtrInterceptor } from '../mrtr/mrtr.interceptor.js';
import { OnceRecorder } from '../mrtr/once-recorder.js';
import { RequestStateCodec } from '../mrtr/request-state.codec.js';
import { stderrLogger } from '../shared/server-logger.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { MemoryStateStore } from '../mrtr/stores/memory.store.js';
import type { StateStore } from '../mrtr/stores/state-store.js';
import { CommitInterceptor } from '../pipeline/commit.interceptor.js';
import { unreadInputSchemaWarnings } from '../registry/unread-input-schema.check.js';
import { HandlerRegistry } from '../registry/handler-registry.js';
import { classValidatorInUse, loadClassValidator } from '../schema/class-validator.adapter.js';
import { checkDeclaredForms } from '../schema/declared-forms.check.js';
import { CallDispatcher } from '../server/call-dispatcher.js';
import { InFlightTracker } from '../server/in-flight-tracker.js';
import { loadServerSdk } from '../server/sdk-runtime-loader.js';
import { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import { PushInterceptor } from '../server/legacy/push.interceptor.js';
import { UrlElicitationRegistry } from '../server/legacy/url-elicitation.registry.js';
import { ServerCatalog } from '../server/server-catalog.js';
import { ListChangedNotifier } from '../server/subscriptions/list-changed-notifier.js';
import { ResourceUpdateNotifier } from '../server/subscriptions/resource-update-notifier.js';
import { ServerEventHub } from '../server/subscriptions/server-event-hub.js';
import type { Fleet } from '../fleet/fleet.types.js';
import {
  filterClassesOf,
  guardClassesOf,
  interceptorClassesOf,
} from '../registry/enhancer-classes.reader.js';
import { ElicitorApp } from './elicitor-app.js';
import { resolveAppModules } from './app-modules-resolver.js';
import type { ElicitorAppOptions, ElicitorOptions } from './elicitor.options.js';
import { installServerFeatures } from './server-features.js';
import { adaptLogger } from './logger.adapter.js';
import { readAppCodeNames } from './app-code-names.reader.js';
import { checkReplicaStore } from './replica-store.check.js';
import { loadTracing } from './tracing-loader.js';
import { readFormApp } from './form-app.reader.js';
import { loadUiResources } from './ui-resources.factory.js';

const DEFAULT_TTL_MS = 600_000;
const DEFAULT_LEGACY_TIMEOUT_MS = 600_000;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** `Elicitor.create`: from a root module and options, or from the flat options of a one-module app. */
export interface CreateApp {
  (root: ClassType | DynamicModule, options: ElicitorAppOptions): Promise<ElicitorApp>;
  (options: ElicitorOptions): Promise<ElicitorApp>;
}

/** Entry point: `await Elicitor.create(AppModule, { name, version })`, or the flat `Elicitor.create({ name, version, tools, providers })`. */
export const Elicitor: { create: CreateApp } = {
  /**
   * Builds the module graph, the catalogue, the container and the pipeline once, then runs
   * `onModuleInit` and `onApplicationBootstrap`; fails fast on any declaration error.
   */
  async create(
    rootOrOptions: ClassType | DynamicModule | ElicitorOptions,
    moduleOptions?: ElicitorAppOptions,
  ): Promise<ElicitorApp> {
    // Rules were declared: load the library now, so neither schemas nor calls wait for its import.
    if (classValidatorInUse()) await loadClassValidator();
    const {
      settings: options,
      graph,
      composition,
      modular,
    } = await resolveAppModules(rootOrOptions, moduleOptions);
    const logger = options.logger ? adaptLogger(options.logger) : stderrLogger;
    const envKeyring = Keyring.fromEnv();
    checkReplicaStore({
      envKeyring: options.requestState?.keys === undefined ? envKeyring : undefined,
      store: options.store,
      singleInstance: options.singleInstance,
    });
    const registry = new HandlerRegistry(composition.tools, {
      interceptors: composition.interceptorsByTool,
      guards: composition.guardsByTool,
      filters: composition.filtersByTool,
    });
    const askThroughApps = options.askThroughApps === true;
    const uiResources = await loadUiResources(
      composition.ui,
      registry,
      composition.forms,
      askThroughApps ? [await readFormApp()] : [],
    );
    // The fourth condition of app-rendered questions: the server declares them when it serves an app.
    const appQuestions = uiResources.size > 0 && options.appQuestions !== false;
    for (const warning of unreadInputSchemaWarnings(registry.tools.values())) logger.warn(warning);
    // URI templates are matched by the SDK's UriTemplate; without any, the SDK is never loaded.
    if (registry.resourceTemplates.length > 0) await loadServerSdk();
    const interceptorClasses = interceptorClassesOf(registry, options.interceptors ?? []);
    const guardClasses = guardClassesOf(registry, options.guards ?? []);
    const filterClasses = filterClassesOf(registry, options.filters ?? []);
    const appNames = readAppCodeNames({
      tools: composition.tools,
      providers: composition.providers,
      enhancers: [
        ...interceptorClasses,
        ...guardClasses,
        ...filterClasses,
        ...(options.interceptors ?? []),
        ...(options.guards ?? []),
        ...(options.filters ?? []),
      ],
    });
    for (const unclaimed of checkDeclaredForms(composition.forms, (form) => appNames.has(form.name))) {
      logger.warn(
        `${unclaimed.message} (no code of this app names ${unclaimed.className}, so it does not stop this app; list it in forms to check it at startup)`,
      );
    }
    const events = options.fleet ? await fleetEvents(options.fleet, logger) : new ServerEventHub();
    const listChanged = new ListChangedNotifier(events, options.listChanged ?? false);
    const resourceUpdates = new ResourceUpdateNotifier(events, options.resourceSubscriptions ?? false);
    const providers = [
      { provide: ListChangedNotifier, useValue: listChanged },
      { provide: ResourceUpdateNotifier, useValue: resourceUpdates },
      ...composition.providers,
    ];
    const blueprint = await createRootContainerAsync({
      tools: composition.tools,
      providers,
      interceptors: interceptorClasses,
      guards: guardClasses,
      filters: filterClasses,
      ...(modular
        ? {
            modules: moduleDeclarationsOf(graph, registry),
            everywhere: new Set([ListChangedNotifier, ResourceUpdateNotifier]),
          }
        : {}),
    });
    const lifecycle = LifecycleRunner.collect(graph, blueprint.root);
    const inFlight = new InFlightTracker();
    const ttlMs = options.requestState?.ttlMs ?? DEFAULT_TTL_MS;
    const configuredKeys = options.requestState?.keys;
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
    const store: StateStore = options.store ?? memoryStore(options, logger);
    // A store that cannot keep its records says so (or refuses the start) before anything is served.
    await store.prepare?.();
    const keyConfigured = configuredKeys !== undefined || envKeyring !== undefined;
    const servingWarning = !keyConfigured
      ? RANDOM_KEY
      : options.store === undefined && !keyring.forTests
        ? MEMORY_STORE_WITH_FIXED_KEYS
        : undefined;
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
      modernInterceptors: [
        new MrtrInterceptor({
          codec,
          store,
          claims,
          onceRecorder,
          ttlMs,
          logger,
          appQuestions,
          askThroughApps,
        }),
      ],
      legacyInterceptors: [
        new PushInterceptor({
          defaultTimeoutMs: options.legacyRequestTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS,
          onceRecorder,
          appQuestions,
        }),
      ],
      sharedInterceptors: tracing ? [commit, tracing.probe] : [commit],
      logger,
      inFlight,
      uiResources,
      askThroughApps,
      ...(tracing
        ? {
            onUnexpectedError: tracing.recordException,
            skippable: {
              interceptors: new Set([tracing.span, tracing.probe]),
              skipNow: () => !tracing.isLive(),
            },
          }
        : {}),
    });
    const taskTools = hasTaskTools(registry);
    const catalog = new ServerCatalog(registry, {
      serverInfo: {
        name: options.name,
        version: options.version,
        ...(options.title ? { title: options.title } : {}),
      },
      ...(options.instructions ? { instructions: options.instructions } : {}),
      listChanged: options.listChanged ?? false,
      listTtlMs: 0,
      tasks: taskTools,
      ui: uiResources,
      appQuestions,
      askThroughApps,
    });
    const modern = new ModernProtocolHandler(catalog, dispatcher, logger);
    const urlElicitations = new UrlElicitationRegistry({
      ttlMs,
      now: () => clock.now(),
      ...(options.fleet ? { fleet: options.fleet.records } : {}),
      logger,
    });
    const legacy = new LegacyProtocolHandler({
      catalog,
      dispatcher,
      logger,
      urlElicitations,
      events,
      listChanged: listChanged.enabled,
      resourceSubscriptions: resourceUpdates.enabled,
      tasks: taskTools,
      ...(options.legacyKeepAliveMs !== undefined ? { keepAliveMs: options.legacyKeepAliveMs } : {}),
    });
    // Imported only by an app with task tools: the rest never loads the task runners and handlers.
    const taskSupport = taskTools
      ? await (
          await import('./task-support.factory.js')
        ).installTaskSupport(
          { registry, dispatcher, modern, legacy, codec, store, clock, logger, events },
          options.tasks,
        )
      : undefined;
    installServerFeatures({
      ...(taskSupport ? { taskStatus: taskSupport.statusFeed } : {}),
      tools: composition.tools,
      registry,
      catalog,
      modern,
      legacy,
      blueprint,
      events,
      listChanged: listChanged.enabled,
      resourceSubscriptions: resourceUpdates.enabled,
      logger,
    });
    const app = new ElicitorApp({
      ...(taskSupport ? { taskQueue: taskSupport.queue } : {}),
      container: blueprint.root,
      registry,
      catalog,
      dispatcher,
      modern,
      legacy,
      store,
      fleet: options.fleet,
      pendingWrites: claims.pending,
      logger,
      events,
      listChanged,
      resourceUpdates,
      urlElicitations,
      servingWarning,
      lifecycle,
      inFlight,
      shutdownTimeoutMs: options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    });
    await lifecycle.init();
    return app;
  },
};

/** The event hub shared with the other replicas; imported only by an app given a fleet. */
async function fleetEvents(fleet: Fleet, logger: ServerLogger): Promise<ServerEventHub> {
  const { FleetEventHub } = await import('../server/subscriptions/fleet-event-hub.js');
  const hub = new FleetEventHub(fleet, logger);
  await hub.ready();
  return hub;
}

/** Whether any tool runs as a task: only then is the extension declared and its methods served. */
function hasTaskTools(registry: HandlerRegistry): boolean {
  for (const tool of registry.tools.values()) if (tool.task !== undefined) return true;
  return false;
}

const RANDOM_KEY =
  'no requestState key configured: using a random key. Replicas need a shared keyring (requestState.keys or ELICITOR_STATE_KEYS)';

const MEMORY_STORE_WITH_FIXED_KEYS =
  'requestState keys are fixed but once records and final results are kept in memory: a restart forgets them, and a call sealed before it then ends as "outcome unknown". Pass a shared store (elicitor/redis) to survive restarts and serve several replicas.';

/** The default store: bounded, and loud when its cap starts to forget records still in their TTL. */
function memoryStore(options: ElicitorAppOptions, logger: ServerLogger): MemoryStateStore {
  let warned = false;
  return new MemoryStateStore({
    ...(options.clock ? { clock: options.clock } : {}),
    onEvict: () => {
      if (warned) return;
      warned = true;
      logger.warn(
        'the in-memory state store is full and drops records still in their TTL (once results, final results): a call whose records were dropped is refused as expired when it comes back. Pass a MemoryStateStore with a larger maxBytes or maxEntries as the store option, or use a shared store',
      );
    },
  });
}
