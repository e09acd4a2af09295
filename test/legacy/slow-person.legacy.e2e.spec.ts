import 'reflect-metadata';
import type { ElicitorApp } from 'elicitor';
import { SlowPersonTools } from '../fixtures/slow-person-app/src/slow-person.tools.js';
import { describeWhen } from '../support/test-requirements.js';
import { startHttpApp } from '../support/transports.js';
import {
  callWithPythonClient,
  callWithV1Client,
  callWithV2Client,
  rises,
  type SlowPersonTarget,
} from './support/slow-person.clients.js';

/**
 * The keep-alive and the clients' timeouts, scaled down from 15 s and 60 s so the suite stays quick, yet with
 * room for a stdio server's cold start on a loaded machine.
 */
const KEEP_ALIVE_MS = 400;
const CLIENT_TIMEOUT_MS = 2_000;
/** Well past the client's timeout: without progress the call would be lost. */
const ANSWER_AFTER_MS = 4_500;
const WAITING = 'Waiting for the user to answer';
const describeWithPython = describeWhen('python');

/**
 * A person who takes longer to answer a pushed question than the client's request timeout, on 2025-11-25.
 * While the question waits and the call has a progressToken, the server sends `notifications/progress`, so a
 * client that resets its timeout on progress keeps the call; a client that does not loses it, and the server
 * says why in one line of its log. Calls that wait on no one, and the 2026-07-28 wire, get no beats.
 */
describe.each(['http', 'stdio'] as const)('a person who takes their time, over %s', (transport) => {
  let app: ElicitorApp | undefined;
  let target: SlowPersonTarget;
  const logged: string[] = [];

  beforeAll(async () => {
    if (transport === 'stdio') {
      target = { stdioArgs: [`--keep-alive-ms=${KEEP_ALIVE_MS}`] };
      return;
    }
    const started = await startHttpApp({
      name: 'slow-person',
      version: '1.0.0',
      tools: [SlowPersonTools],
      legacyKeepAliveMs: KEEP_ALIVE_MS,
      logger: { info: () => undefined, warn: (line) => logged.push(line), error: () => undefined },
    });
    app = started.app;
    target = { url: started.url };
  });
  afterAll(() => app?.close());
  beforeEach(() => (logged.length = 0));

  /** The server's warnings: the app's logger over HTTP, the child's stderr over stdio. */
  const warnings = (stderr: string) =>
    transport === 'http' ? logged : stderr.split('\n').filter((line) => line.includes('warning:'));

  it('keeps the call of a v2 client that resets its timeout on progress, and completes it', async () => {
    const outcome = await callWithV2Client({
      target,
      tool: 'sign_off',
      answerAfterMs: ANSWER_AFTER_MS,
      timeoutMs: CLIENT_TIMEOUT_MS,
      resetOnProgress: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.text).toBe('Signed off by ada');
    const beats = outcome.progress.filter((update) => update.message === WAITING);
    expect(beats.length).toBeGreaterThanOrEqual(ANSWER_AFTER_MS / KEEP_ALIVE_MS - 4);
    // The handler's own reports come before and after the beats, and every value rises. The client handles
    // a notification a microtask after reading it and retires the call's progress handler on its result at
    // once, so a report read in the same chunk as the result never reaches `onprogress`: the last report
    // may be missing, and when it came, it came last.
    expect(outcome.progress[0]).toStrictEqual({ progress: 1, total: 2, message: 'change prepared' });
    const signedOff = outcome.progress.findIndex((update) => update.message === 'signed off');
    expect([-1, outcome.progress.length - 1]).toContain(signedOff);
    expect(outcome.progress.filter((update) => update.message === 'signed off')).toStrictEqual(
      signedOff === -1 ? [] : [{ progress: 2, total: 2, message: 'signed off' }],
    );
    expect(beats.every((beat) => beat.progress > 1 && beat.progress < 2)).toBe(true);
    expect(rises(outcome.progress)).toBe(true);
  });

  it('keeps the call of a v1 client that resets its timeout on progress', async () => {
    const outcome = await callWithV1Client({
      target,
      tool: 'sign_off',
      answerAfterMs: ANSWER_AFTER_MS,
      timeoutMs: CLIENT_TIMEOUT_MS,
      resetOnProgress: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.text).toBe('Signed off by ada');
    expect(outcome.progress.filter((update) => update.message === WAITING).length).toBeGreaterThan(0);
  });

  it('loses the call of a client whose timeout ignores progress, and logs one line that says why', async () => {
    const outcome = await callWithV2Client({
      target,
      tool: 'sign_off',
      answerAfterMs: ANSWER_AFTER_MS,
      timeoutMs: CLIENT_TIMEOUT_MS,
      resetOnProgress: false,
    });
    expect(outcome.error).toMatch(/timed out/i);
    const lines = warnings(outcome.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /The client cancelled tool "sign_off" while question "approver" \(elicitation\/create\) had waited \d+\.\d s for an answer/,
    );
    expect(lines[0]).toMatch(/client's request timeout/);
    expect(lines[0]).toMatch(/resetTimeoutOnProgress/);
  });

  it('sends no beat on a call that waits on no one, however long it works', async () => {
    const outcome = await callWithV2Client({
      target,
      tool: 'crunch',
      answerAfterMs: 0,
      resetOnProgress: true,
    });
    expect(outcome.text).toBe('crunched');
    expect(outcome.progress.length).toBeGreaterThan(0);
    expect(outcome.progress.filter((update) => update.message === WAITING)).toStrictEqual([]);
  });

  it('sends no beat on the 2026-07-28 wire, where the client times each round on its own', async () => {
    const outcome = await callWithV2Client({
      target,
      tool: 'sign_off',
      answerAfterMs: ANSWER_AFTER_MS,
      timeoutMs: CLIENT_TIMEOUT_MS,
      resetOnProgress: true,
      modern: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.text).toBe('Signed off by ada');
    expect(outcome.progress.filter((update) => update.message === WAITING)).toStrictEqual([]);
  });

  describeWithPython('with the Python client', () => {
    it('hears the beats while the person answers, and completes the call', async () => {
      const outcome = await callWithPythonClient({
        target,
        tool: 'sign_off',
        answerAfterMs: ANSWER_AFTER_MS,
        resetOnProgress: true,
      });
      expect(outcome.error).toBeUndefined();
      expect(outcome.text).toBe('Signed off by ada');
      expect(outcome.progress.filter((update) => update.message === WAITING).length).toBeGreaterThan(0);
      expect(rises(outcome.progress)).toBe(true);
    });
  });
});
