import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The interpreter of a virtualenv that has the official Python SDK (`mcp`); the Python e2e skips without it. */
export const PYTHON = process.env.ELICITOR_PYTHON;

const SCRIPT = fileURLToPath(new URL('./python/seed_tour_client.py', import.meta.url));

/** One answer to an elicitation: fill the form from the plan's values, refuse, or send this result. */
export type PythonAnswer =
  'accept' | 'decline' | 'cancel' | { action: string; content?: Record<string, unknown> };

export type PythonStep =
  | { call: string; arguments?: Record<string, unknown>; answers?: PythonAnswer[] }
  | { read: string }
  | { ping: true }
  | { logLevel: string };

export interface PythonOutcome {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  /** The params of every elicitation the step was asked, in order. */
  asked: Array<Record<string, unknown>>;
  /** The params of every sampling request the step got. */
  sampled: Array<Record<string, unknown>>;
  /** How many times the server listed the client's roots during the step. */
  rootsListed: number;
}

export interface PythonRun {
  protocolVersion: string;
  serverName: string | null;
  tools: string[];
  steps: PythonOutcome[];
}

export interface PythonClientSetup {
  /** `http` with the server's URL, or `stdio` with the command that starts it. */
  transport: 'http' | 'stdio';
  target: string[];
  /** The SDK Client's `mode`: `legacy` (initialize), `auto` (discover, else initialize) or a 2026 version. */
  mode: string;
  values: Record<string, unknown>;
  /** When given, the client can sample and answers every sampling request with this text. */
  sampling?: { text: string; model?: string };
  /** When given, the client has these roots. */
  roots?: Array<{ uri: string; name?: string }>;
  steps: PythonStep[];
}

/** Runs the plan in one session of the Python SDK client, in a child process; rejects if it fails. */
export function runPythonClient(setup: PythonClientSetup): Promise<PythonRun> {
  if (!PYTHON) return Promise.reject(new Error('ELICITOR_PYTHON is not set'));
  const args = [SCRIPT, setup.transport, ...setup.target, '--mode', setup.mode];
  return new Promise((resolve, reject) => {
    const child = execFile(
      PYTHON,
      args,
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the Python client failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as PythonRun);
      },
    );
    const { values, sampling, roots, steps } = setup;
    child.stdin!.end(JSON.stringify({ values, sampling, roots, steps }));
  });
}

/** Each transport with each mode of the Python client, and the revision it settles on. */
export const PYTHON_CASES = [
  ['http', 'legacy', '2025-11-25'],
  ['stdio', 'legacy', '2025-11-25'],
  ['http', 'auto', '2026-07-28'],
  ['stdio', 'auto', '2026-07-28'],
] as const;

/** The text blocks of a step's result, joined. */
export function textOfOutcome(outcome: PythonOutcome): string {
  const content = (outcome.result?.content ?? []) as Array<{ text?: string }>;
  return content.map((block) => block.text ?? '').join('');
}
