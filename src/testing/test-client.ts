import type { AuthInfo } from '@modelcontextprotocol/server';
import { Elicitor } from '../app/elicitor.js';
import type { ElicitorApp } from '../app/elicitor-app.js';
import type { ElicitorAppOptions, ElicitorOptions } from '../app/elicitor.options.js';
import type { ClassType } from '../metadata/class-type.js';
import type { DynamicModule } from '../metadata/module.metadata.js';
import { answerFor } from './answer-script.js';
import type { AnswerScript, InputRequestView } from './answer-script.js';
import type { CallRun, RoundRecord } from './call-transcript.js';
import { httpExchange, withModernMeta } from './modern-exchange.js';
import type { ModernExchange } from './modern-exchange.js';
import { MemoryStateStore } from '../mrtr/stores/memory.store.js';
import { testKeyring } from './test-keyring.js';
import { driveTask, type TaskCallOptions, type TaskRun } from './task-driver.js';
import { appOfQuestion, appResourceOf, withAppsSupport } from './app-answers.js';
import type { AppResourceView } from './app-answers.js';
import {
  APPS_ONLY_HOST_CAPABILITIES,
  appAnswerParams,
  appQuestionOf,
  appQuestionView,
} from './app-questions.js';
import type { AppQuestion } from '../shared/app-question.types.js';

/** What a `TestClient` declares unless told otherwise: form and URL elicitation, sampling, roots. */
export const DEFAULT_TEST_CAPABILITIES = Object.freeze({
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: {},
});

/** How `TestClient` runs one call: the scripted answers, the capabilities, extra `_meta`, a round limit. */
export interface CallOptions {
  answers?: AnswerScript;
  /** This request's client capabilities (default: form and URL elicitation, sampling, roots). */
  capabilities?: Record<string, unknown>;
  /** Extra `_meta` entries, e.g. a progress token or a log level. */
  meta?: Record<string, unknown>;
  maxRounds?: number;
  /**
   * Declares MCP Apps support as a host that renders them and lets them answer questions
   * (`io.modelcontextprotocol/ui` with the app MIME type and `elicitation`); a question then shows its
   * app as `app`.
   */
  apps?: boolean;
  /**
   * Plays a host that renders MCP Apps and cannot elicit (Claude Desktop, claude.ai): the call declares
   * only the UI extension, and a question it gets through an app (`structuredContent.elicitorQuestion`) is
   * answered from `answers` through `elicitor_answer`, as the app would. The app needs `askThroughApps`.
   */
  throughApp?: boolean;
}

/** `ElicitorOptions` with a default name and version, for a test app built from flat options. */
export type TestClientOptions = Omit<ElicitorOptions, 'name' | 'version'> & {
  name?: string;
  version?: string;
};
/** `ElicitorAppOptions` with a default name and version, for a test app built from a root module. */
export type TestModuleOptions = Omit<ElicitorAppOptions, 'name' | 'version'> & {
  name?: string;
  version?: string;
};

/** Who calls an app in memory: its credentials reach `ctx.authInfo` and bind `requestState` to the user. */
export interface InMemoryCaller {
  authInfo?: AuthInfo;
  /** Aborting it is the client going away mid-request (a dropped connection). */
  signal?: AbortSignal;
}

/** What goes with every request to a server over HTTP, e.g. `{ authorization: 'Bearer …' }`. */
export interface HttpCaller {
  headers?: Record<string, string>;
}

/**
 * Drives multi-round calls on the 2026-07-28 wire with scripted answers, against an app in memory or a
 * server over HTTP, and records every round.
 */
export class TestClient {
  private nextId = 1;

  private constructor(
    private readonly exchange: ModernExchange,
    readonly app: ElicitorApp | undefined,
  ) {}

  /**
   * An app built in memory from a root module and options, or from flat options (with a fixed test
   * keyring unless keys are given).
   */
  static async create(options: TestClientOptions): Promise<TestClient>;
  static async create(root: ClassType | DynamicModule, options?: TestModuleOptions): Promise<TestClient>;
  static async create(
    rootOrOptions: TestClientOptions | ClassType | DynamicModule,
    moduleOptions: TestModuleOptions = {},
  ): Promise<TestClient> {
    const modular = typeof rootOrOptions === 'function' || 'module' in rootOrOptions;
    const options: TestModuleOptions = modular ? moduleOptions : (rootOrOptions as TestClientOptions);
    const settings = {
      name: 'test-app',
      version: '0.0.0',
      // An app of its own per test: nothing to survive, so no warning about a restart forgetting records.
      store: new MemoryStateStore(options.clock ? { clock: options.clock } : {}),
      ...options,
      requestState: { keys: testKeyring(), ...options.requestState },
    };
    const app = modular
      ? await Elicitor.create(rootOrOptions as ClassType | DynamicModule, settings)
      : await Elicitor.create(settings as ElicitorOptions);
    return TestClient.forApp(app);
  }

  static forApp(app: ElicitorApp, caller: InMemoryCaller = {}): TestClient {
    const options = {
      ...(caller.authInfo ? { authInfo: caller.authInfo } : {}),
      ...(caller.signal ? { signal: caller.signal } : {}),
    };
    return new TestClient(async (message) => {
      const reply = await app.handleModernMessage(message, options);
      return { status: reply.status, body: reply.body ?? {} };
    }, app);
  }

  /** A server reached over Streamable HTTP at `url`. */
  static forUrl(url: string, caller: HttpCaller = {}): TestClient {
    return new TestClient(httpExchange(url, caller.headers), undefined);
  }

  callTool(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<CallRun> {
    return this.drive('tools/call', { name, arguments: args }, options);
  }

  getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<CallRun> {
    return this.drive('prompts/get', { name, arguments: args }, options);
  }

  /**
   * Calls a task tool as a client that declares the Tasks extension, and drives the task to its end: polls
   * `tasks/get` and answers its questions from `options.answers` with `tasks/update`.
   */
  runTask(name: string, args: Record<string, unknown> = {}, options: TaskCallOptions = {}): Promise<TaskRun> {
    const request = (
      method: string,
      params: Record<string, unknown>,
      capabilities: Record<string, unknown>,
    ) => this.request(method, params, { capabilities });
    return driveTask(request, name, args, options);
  }

  /**
   * Answers a question asked through an app as the app does, with one `elicitor_answer` call: the result
   * is the tool's next question (read it with `appQuestionOf`) or its final result.
   */
  answerThroughApp(question: AppQuestion, answer: Record<string, unknown>): Promise<CallRun> {
    return this.drive('tools/call', appAnswerParams(question, answer), { throughApp: true, maxRounds: 1 });
  }

  readResource(uri: string, options: CallOptions = {}): Promise<CallRun> {
    return this.drive('resources/read', { uri }, options);
  }

  /** Reads an MCP App as a host does before rendering it: its HTML, MIME type and `_meta.ui`. */
  async readApp(uri: string): Promise<AppResourceView> {
    const run = await this.readResource(uri, { apps: true });
    const view = appResourceOf(run.result);
    if (!view) throw new Error(`Reading ${uri} gave no resource: ${run.error?.message ?? 'no contents'}`);
    return view;
  }

  /** Sends one raw request with the modern envelope; for tests of what the server refuses. */
  async request(
    method: string,
    params: Record<string, unknown> = {},
    options: Pick<CallOptions, 'capabilities' | 'meta' | 'apps' | 'throughApp'> = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const declared =
      options.capabilities ?? (options.throughApp ? APPS_ONLY_HOST_CAPABILITIES : DEFAULT_TEST_CAPABILITIES);
    const capabilities = options.apps ? withAppsSupport(declared) : declared;
    return this.exchange({
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      params: withModernMeta(params, capabilities, options.meta),
    });
  }

  async close(): Promise<void> {
    await this.app?.close();
  }

  private async drive(
    method: string,
    baseParams: Record<string, unknown>,
    options: CallOptions,
  ): Promise<CallRun> {
    const rounds: RoundRecord[] = [];
    const asked = new Map<string, number>();
    const maxRounds = options.maxRounds ?? 10;
    let retry: Record<string, unknown> = {};
    let params = baseParams;
    for (let round = 1; round <= maxRounds; round++) {
      const { status, body } = await this.request(method, { ...params, ...retry }, options);
      const record: RoundRecord = {
        round,
        resultType: 'error',
        inputRequests: [],
        responses: {},
        requestStateBytes: 0,
      };
      rounds.push(record);
      if (body.error)
        return { result: undefined, error: body.error as CallRun['error'], status, rounds, text: '' };
      const result = body.result as Record<string, unknown>;
      const appQuestion = options.throughApp ? appQuestionOf(result) : undefined;
      if (appQuestion !== undefined && round < maxRounds) {
        // Asked through the app: the next round is the app's answer, sent through elicitor_answer.
        record.resultType = 'input_required';
        record.throughApp = true;
        const view = appQuestionView(appQuestion, round);
        record.inputRequests.push(view);
        const answer = answerFor(options.answers ?? {}, view, asked);
        if (answer === undefined) return { result, error: undefined, status, rounds, text: textOf(result) };
        record.responses[view.key] = answer;
        record.requestStateBytes = Buffer.byteLength(appQuestion.continuation.requestState);
        params = appAnswerParams(appQuestion, answer);
        retry = {};
        continue;
      }
      if (result.resultType !== 'input_required') {
        record.resultType = 'complete';
        return { result, error: undefined, status, rounds, text: textOf(result) };
      }
      record.resultType = 'input_required';
      const requests = (result.inputRequests ?? {}) as Record<
        string,
        { method: string; params?: Record<string, unknown> }
      >;
      for (const [key, request] of Object.entries(requests)) {
        const params = request.params ?? {};
        const app = appOfQuestion(params);
        const view: InputRequestView = {
          key,
          method: request.method,
          params,
          round,
          ...(app ? { app } : {}),
        };
        record.inputRequests.push(view);
        const answer = answerFor(options.answers ?? {}, view, asked);
        if (answer !== undefined) record.responses[key] = answer;
      }
      const state = result.requestState;
      record.requestStateBytes = typeof state === 'string' ? Buffer.byteLength(state) : 0;
      retry = {
        inputResponses: record.responses,
        ...(typeof state === 'string' ? { requestState: state } : {}),
      };
    }
    throw new Error(`The call did not complete within ${maxRounds} rounds`);
  }
}

function textOf(result: Record<string, unknown>): string {
  const content = result.content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is { type: 'text'; text: string } => block?.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
