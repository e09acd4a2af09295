import { scenarios } from './scenarios.js';
import type { CheckResult } from './scenario.js';

/**
 * `npm run reliability`: runs every scenario (or those named in argv), prints each check and figure,
 * and closes with one `N passed, M failed` line. Exits non-zero when any check failed.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;
  let passed = 0;
  let failed = 0;
  for (const scenario of selected) {
    const started = Date.now();
    console.log(`\n## ${scenario.name}`);
    let checks: CheckResult[];
    try {
      const outcome = await scenario.run();
      checks = outcome.checks;
      for (const [name, value] of Object.entries(outcome.figures)) console.log(`  ${name}: ${value}`);
    } catch (error) {
      checks = [{ name: 'scenario ran', passed: false, detail: describeError(error) }];
    }
    for (const c of checks) {
      if (c.passed) passed++;
      else failed++;
      console.log(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
    }
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(`\nreliability: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();

/** The error with its causes, which is where fetch puts the socket error. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current !== undefined && parts.length < 4;) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  const stack = error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 4).join('\n') : '';
  return `${parts.join(' <- ')}\n${stack}`;
}
