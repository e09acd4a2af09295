import { describe, it } from '@jest/globals';

/**
 * Everything a suite may need that `npm test` does not bring, and what turns it on: the one list the
 * gated specs take their gates from. A gate that is shut skips its block and writes the way to open it
 * into the block's title; the skipped-suites reporter (`skipped-suites.reporter.mjs`) prints those
 * titles after the run, so no suite is skipped without a word.
 */
export const TEST_REQUIREMENTS = {
  redis: {
    met: () => Boolean(process.env.REDIS_URL),
    turnOn:
      "a Redis server it may write to, in REDIS_URL: redis-server --port 6390 --save '' --daemonize yes, then REDIS_URL=redis://127.0.0.1:6390",
  },
  // The ones without `met` are found out by the spec itself, which passes what it found to the gate.
  redisBinaries: {
    turnOn: 'redis-server and redis-cli on PATH: the spec starts, freezes and stops Redis servers of its own',
  },
  inspector: {
    met: () => process.env.ELICITOR_E2E_INSPECTOR === '1',
    turnOn:
      'ELICITOR_E2E_INSPECTOR=1: runs the MCP Inspector (fetched by npx from the npm registry the first time)',
  },
  browser: {
    met: () => process.env.ELICITOR_E2E_BROWSER === '1',
    turnOn:
      "ELICITOR_E2E_BROWSER=1 and Debian's Chromium at /usr/bin/chromium (apt-get install chromium): drives the MCP Inspector's web UI, which it runs (installed from the npm registry the first time)",
  },
  newProject: {
    met: () => process.env.ELICITOR_E2E_NEW === '1',
    turnOn:
      'ELICITOR_E2E_NEW=1: scaffolds a project from the packed build and npm-installs it (network, a few minutes)',
  },
  python: {
    met: () => Boolean(process.env.ELICITOR_PYTHON),
    turnOn:
      "ELICITOR_PYTHON: a Python interpreter with the official SDK (python3 -m venv v && v/bin/pip install 'mcp==2.3.0', then ELICITOR_PYTHON=v/bin/python)",
  },
  slowPerson: {
    met: () => process.env.ELICITOR_E2E_SLOW_PERSON === '1',
    turnOn:
      'ELICITOR_E2E_SLOW_PERSON=1: waits five real minutes for a person on each 2025 client and transport',
  },
  bun: { turnOn: 'bun on PATH (ELICITOR_E2E_RUNTIMES=1 makes its absence a failure)' },
  deno: { turnOn: 'deno on PATH (ELICITOR_E2E_RUNTIMES=1 makes its absence a failure)' },
  workerd: { turnOn: 'workerd on PATH (ELICITOR_E2E_RUNTIMES=1 makes its absence a failure)' },
} as const satisfies Record<string, { met?: () => boolean; turnOn: string }>;

export type TestRequirement = keyof typeof TEST_REQUIREMENTS;

/** The mark a skipped title carries; the reporter reads what follows it. Keep the two in step. */
export const SKIP_MARK = '⟨skipped; to run it:';

function skippedTitle(title: string, requirement: TestRequirement): string {
  return `${title} ${SKIP_MARK} ${TEST_REQUIREMENTS[requirement].turnOn}⟩`;
}

function metByItself(requirement: TestRequirement): boolean {
  const entry: { turnOn: string; met?: () => boolean } = TEST_REQUIREMENTS[requirement];
  if (!entry.met) throw new Error(`${requirement} is found out by the spec: pass what it found to the gate`);
  return entry.met();
}

/**
 * `describe` when the requirement is met, else `describe.skip` with titles that say how to meet it
 * (`.each` included). `met` overrides the requirement's own check, for what only the spec can find out (a
 * binary on PATH).
 */
export function describeWhen(requirement: TestRequirement, met = metByItself(requirement)): typeof describe {
  if (met) return describe;
  const mark = (title: unknown) => skippedTitle(String(title), requirement);
  const skipped = (title: string, body: () => void) => describe.skip(mark(title), body);
  const each =
    (table: readonly unknown[]) => (title: string, body: (...args: never[]) => void, timeout?: number) =>
      describe.skip.each(table as never)(mark(title), body as never, timeout);
  return Object.assign(skipped, { each }) as unknown as typeof describe;
}

/** The same for one test. */
export function itWhen(requirement: TestRequirement, met = metByItself(requirement)): typeof it {
  if (met) return it;
  const skipped = (title: string, body: () => unknown, timeout?: number) =>
    it.skip(skippedTitle(title, requirement), body as never, timeout);
  return skipped as unknown as typeof it;
}
