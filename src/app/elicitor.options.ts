import type { DeclaredForm } from '../metadata/declared-form.js';
import type { Provider } from '../di/provider.js';
import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { Clock } from '../shared/clock.js';
import type { Keyring } from '../mrtr/keyring.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { StateStore } from '../mrtr/stores/state-store.js';
import type { Fleet } from '../fleet/fleet.types.js';
import type { TasksOptions } from './task-support.factory.js';
import type { TracingOptions } from './tracing.options.js';

/** How the 2026-07-28 wire seals `requestState`, and how long its claims and records last. */
export interface RequestStateOptions {
  /** Secrets for the state keyring: the first seals, all open (rotation). Or a ready `Keyring`. */
  keys?: ReadonlyArray<string | Uint8Array> | Keyring;
  /** Lifetime of a sealed state and of its store records. Default 10 minutes. */
  ttlMs?: number;
  /** Largest requestState accepted, checked before decrypting. Default 16 KiB. */
  maxBytes?: number;
  /**
   * How long a round or a `once` effect holds its claim in the store without renewal (renewed every
   * third of it while the work runs). When a replica dies mid-round, a retry takes over after this.
   * Default 30 s.
   */
  leaseMs?: number;
}

/** The options of the flat `Elicitor.create({ name, version, tools, providers })`, and of every app. */
export interface ElicitorOptions {
  name: string;
  version: string;
  title?: string;
  instructions?: string;
  /** `@Tools()` classes: their tools, prompts and resources make the catalogue. */
  tools: ClassType[];
  providers?: Provider[];
  /**
   * Forms the tools ask with, `@ElicitSchema` classes or Standard Schemas (Zod, Valibot, ArkType), always
   * built (and checked) at bootstrap. Every other `@ElicitSchema` class already imported that the app's
   * code names is checked too (see the schemas guide); list here the ones imported later or asked from
   * outside the app's classes, and every Standard Schema form.
   */
  forms?: DeclaredForm[];
  /** `@UiResource()` classes: the MCP Apps the server serves (see the apps guide). */
  ui?: ClassType[];
  /** Global interceptors, outermost first; they run before class and method interceptors. */
  interceptors?: InterceptorReference[];
  /**
   * Global guards (`CanActivate` instances or injectable classes), run before class and method guards on
   * every round of every call.
   */
  guards?: GuardReference[];
  /** Global exception filters (`@Catch()` classes or instances), asked after method and class filters. */
  filters?: FilterReference[];
  requestState?: RequestStateOptions;
  /** Where `once` records and final results live; in memory by default, Redis for several replicas. */
  store?: StateStore;
  /**
   * What replicas share to serve 2025-era sessions without sticky routing: the session records, the
   * relay of answers, cancellations and notifications between replicas, the events clients resume
   * from, and the journal that lets another replica re-run a call whose replica died. Without it
   * sessions live in the process that opened them. `RedisFleet` from `elicitor/redis` for replicas;
   * list changes and resource updates then reach the clients of every replica.
   */
  fleet?: Fleet;
  /**
   * Says this process is the only one serving its keys. Keys from `ELICITOR_STATE_KEYS` with an
   * in-memory store stop `Elicitor.create` (replicas would each keep their own `once` records) unless
   * this is `true`.
   */
  singleInstance?: boolean;
  /** Default wait for a legacy client's answer to a push request. Default 600 s. */
  legacyRequestTimeoutMs?: number;
  /**
   * While a legacy call waits for the client's answer to its question (elicitation, sampling, roots) and
   * the call carries a `progressToken`, how often the server sends `notifications/progress`, so a client
   * that resets its request timeout on progress keeps waiting for the person. Default 15 000 ms; 0 sends none.
   */
  legacyKeepAliveMs?: number;
  /** Whether the catalogue may change at run time (advertises `listChanged`; publish with `ListChangedNotifier`). */
  listChanged?: boolean;
  /**
   * Whether clients may subscribe to resource updates (publish with `ResourceUpdateNotifier`): legacy
   * sessions get `resources/subscribe` and the `resources.subscribe` capability; modern clients list URIs
   * in `subscriptions/listen`.
   */
  resourceSubscriptions?: boolean;
  /**
   * Where the server writes its own diagnostics; stderr by default. A pino or winston logger is recognised
   * and wrapped so errors keep their stacks; `pinoLogger()`/`winstonLogger()` wrap one explicitly.
   */
  logger?: ServerLogger;
  /**
   * OpenTelemetry spans for every tools/call, prompts/get and resources/read, on when `@opentelemetry/api`
   * is installed (they record once an SDK registers a tracer provider); `false` turns them off.
   */
  tracing?: TracingOptions | false;
  clock?: Clock;
  /**
   * Tools declared with `@Tool({ task })` run as durable tasks (the Tasks extension); these tune them: the
   * queue their runs wait in, their TTL, the polling interval and the per-principal cap.
   */
  tasks?: TasksOptions;
  /**
   * How long `app.close()` waits for in-flight calls and their commits before it closes connections
   * anyway. Default 10 s.
   */
  shutdownTimeoutMs?: number;
  /**
   * Whether questions asked `withApp(...)` may be rendered by their app (the server declares
   * `elicitation: {}` in `io.modelcontextprotocol/ui`). Default true when the app serves a UI resource;
   * `false` sends every question as the plain form.
   */
  appQuestions?: boolean;
  /**
   * Asks through an app on clients that render MCP Apps but cannot be sent a form (no form elicitation):
   * a question ends the call with a result the question's app, or Elicitor's form app, shows, and the app
   * answers through the app-only tool `elicitor_answer`, which re-runs the call from its sealed state.
   * Default false. See "Asking through an app" in the apps guide.
   */
  askThroughApps?: boolean;
}

/** The options of `Elicitor.create(AppModule, options)`: tools, providers, forms and UI resources come from modules. */
export type ElicitorAppOptions = Omit<ElicitorOptions, 'tools' | 'providers' | 'forms' | 'ui'>;
