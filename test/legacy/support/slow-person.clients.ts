import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioClientTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PYTHON } from '../../support/python-client.js';
import { textOf } from '../../support/transports.js';

/** The slow-person tools over stdio, built by `npm run build`. */
export const SLOW_PERSON_MAIN = 'test/fixtures/slow-person-app/dist/main.js';
const PYTHON_SCRIPT = fileURLToPath(new URL('../../support/python/slow_person_client.py', import.meta.url));

/** What the person answers to "Who signs this change off?", whenever they get to it. */
export const APPROVER = { action: 'accept', content: { approver: 'ada' } } as const;

/** Where the client talks to the server: an HTTP URL, or the stdio fixture with its arguments. */
export type SlowPersonTarget = { url: string } | { stdioArgs: string[] };

export interface SlowPersonCall {
  target: SlowPersonTarget;
  tool: string;
  /** How long the person takes to answer the form. */
  answerAfterMs: number;
  /** The client's request timeout; the SDK's own default (60 s) when not given. */
  timeoutMs?: number;
  /** `onprogress` with `resetTimeoutOnProgress: true`, as a client that expects long calls sets it. */
  resetOnProgress: boolean;
  /** With the v2 client: the 2026-07-28 wire (`auto` negotiation) instead of 2025-11-25. */
  modern?: boolean;
}

/** What the call ended with, the progress the client heard, and what the stdio server wrote to stderr. */
export interface SlowPersonOutcome {
  text?: string;
  error?: string;
  progress: Array<{ progress: number; total?: number; message?: string }>;
  stderr: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function requestOptions(call: SlowPersonCall, progress: SlowPersonOutcome['progress']) {
  return {
    ...(call.timeoutMs !== undefined ? { timeout: call.timeoutMs } : {}),
    ...(call.resetOnProgress
      ? {
          onprogress: (update: {
            progress: number;
            total?: number | undefined;
            message?: string | undefined;
          }) => {
            progress.push(JSON.parse(JSON.stringify(update)) as SlowPersonOutcome['progress'][number]);
          },
          resetTimeoutOnProgress: true,
        }
      : {}),
  };
}

/** One call with the official v2 client (`@modelcontextprotocol/client`), on a session of its own. */
export async function callWithV2Client(call: SlowPersonCall): Promise<SlowPersonOutcome> {
  const outcome: SlowPersonOutcome = { progress: [], stderr: '' };
  const client = new ClientV2(
    { name: 'slow-person-v2', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(call.modern ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', async () => {
    await sleep(call.answerAfterMs);
    return APPROVER as never;
  });
  const transport =
    'url' in call.target
      ? new StreamableHTTPClientTransport(new URL(call.target.url))
      : new StdioClientTransport({
          command: process.execPath,
          args: [SLOW_PERSON_MAIN, '--stdio', ...call.target.stdioArgs],
          stderr: 'pipe',
        });
  if (transport instanceof StdioClientTransport)
    transport.stderr?.on('data', (chunk: Buffer) => (outcome.stderr += chunk.toString()));
  await client.connect(transport);
  try {
    const result = await client.callTool(
      { name: call.tool, arguments: {} },
      requestOptions(call, outcome.progress),
    );
    outcome.text = textOf(result);
  } catch (error) {
    outcome.error = String(error);
    // The server hears the client's cancel, and logs, a moment after the client gave up.
    await sleep(500);
  } finally {
    await client.close();
  }
  return outcome;
}

/** One call with the official v1 client (`@modelcontextprotocol/sdk`), on 2025-11-25. */
export async function callWithV1Client(call: SlowPersonCall): Promise<SlowPersonOutcome> {
  const outcome: SlowPersonOutcome = { progress: [], stderr: '' };
  const client = new ClientV1(
    { name: 'slow-person-v1', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => {
    await sleep(call.answerAfterMs);
    return APPROVER as never;
  });
  await client.connect(
    'url' in call.target
      ? new StreamableHTTPClientTransportV1(new URL(call.target.url))
      : new StdioClientTransportV1({
          command: process.execPath,
          args: [SLOW_PERSON_MAIN, '--stdio', ...call.target.stdioArgs],
        }),
  );
  try {
    const result = await client.callTool(
      { name: call.tool, arguments: {} },
      undefined,
      requestOptions(call, outcome.progress),
    );
    outcome.text = textOf(result);
  } catch (error) {
    outcome.error = String(error);
  } finally {
    await client.close();
  }
  return outcome;
}

/**
 * One call with the official Python SDK client (`ELICITOR_PYTHON`), on 2025-11-25, with a progress callback
 * and the client's own timeout (none unless given).
 */
export function callWithPythonClient(call: SlowPersonCall): Promise<SlowPersonOutcome> {
  const python = PYTHON;
  if (!python) return Promise.reject(new Error('ELICITOR_PYTHON is not set'));
  const target =
    'url' in call.target
      ? ['http', call.target.url]
      : ['stdio', process.execPath, SLOW_PERSON_MAIN, '--stdio', ...call.target.stdioArgs];
  const args = [PYTHON_SCRIPT, '--tool', call.tool, '--answer-after-ms', String(call.answerAfterMs)];
  if (call.timeoutMs !== undefined) args.push('--timeout-ms', String(call.timeoutMs));
  return new Promise((resolve, reject) => {
    execFile(
      python,
      [...args, ...target],
      { timeout: call.answerAfterMs + 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the Python client failed: ${error.message}\n${stderr}`));
        else resolve({ ...(JSON.parse(stdout) as Omit<SlowPersonOutcome, 'stderr'>), stderr });
      },
    );
  });
}

/** Each progress value above the one before, as the protocol requires. */
export function rises(progress: SlowPersonOutcome['progress']): boolean {
  return progress.every((update, at) => at === 0 || update.progress > progress[at - 1]!.progress);
}
