export { TestClient, DEFAULT_TEST_CAPABILITIES } from './test-client.js';
export type {
  CallOptions,
  HttpCaller,
  InMemoryCaller,
  TestClientOptions,
  TestModuleOptions,
} from './test-client.js';
export { accept, decline, cancel } from './answer-script.js';
export { fromApp, APPS_HOST_EXTENSION } from './app-answers.js';
export type { AppResourceView } from './app-answers.js';
export { APPS_ONLY_HOST_CAPABILITIES, appQuestionOf } from './app-questions.js';
export type { AnswerScript, ScriptedAnswer, InputRequestView } from './answer-script.js';
export type { CallRun, RoundRecord, JsonRpcErrorView } from './call-transcript.js';
export type { TaskCallOptions, TaskRun } from './task-driver.js';
export { testKeyring, testKeyringSecret } from './test-keyring.js';
export { FakeClock } from '../shared/fake-clock.js';
export { MemoryStateStore } from '../mrtr/stores/memory.store.js';
export { withModernMeta } from './modern-exchange.js';
