// After every run, lists the suites and tests that were skipped and what turns each on. The reasons come
// from the titles test/support/test-requirements.ts writes for a shut gate; a skip without one is listed as
// such, so it cannot pass unnoticed either.
const MARK = '⟨skipped; to run it:';
const UNEXPLAINED = 'skipped by the spec itself, with no requirement named';

function reasonOf(assertion) {
  for (const title of [...assertion.ancestorTitles, assertion.title]) {
    const at = title.indexOf(MARK);
    if (at >= 0)
      return title
        .slice(at + MARK.length)
        .replace(/⟩$/, '')
        .trim();
  }
  return UNEXPLAINED;
}

export default class SkippedSuitesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    /** reason -> [{ file, skipped, whole }] */
    const byReason = new Map();
    let suites = 0;
    let tests = 0;
    for (const file of results.testResults) {
      const pending = file.testResults.filter((assertion) => assertion.status === 'pending');
      if (pending.length === 0) continue;
      const whole = pending.length === file.testResults.length;
      if (whole) suites += 1;
      tests += pending.length;
      const counts = new Map();
      for (const assertion of pending) {
        const reason = reasonOf(assertion);
        counts.set(reason, (counts.get(reason) ?? 0) + 1);
      }
      const path = file.testFilePath.startsWith(`${this.rootDir}/`)
        ? file.testFilePath.slice(this.rootDir.length + 1)
        : file.testFilePath;
      for (const [reason, skipped] of counts) {
        if (!byReason.has(reason)) byReason.set(reason, []);
        byReason.get(reason).push({ path, skipped, whole });
      }
    }
    if (tests === 0) return;
    const lines = [
      '',
      `Skipped: ${tests} ${tests === 1 ? 'test' : 'tests'} (${suites} whole ${suites === 1 ? 'suite' : 'suites'}). What turns each on:`,
    ];
    for (const [reason, files] of byReason) {
      lines.push(`  ${reason}`);
      for (const { path, skipped, whole } of files)
        lines.push(
          `    ${path}: ${skipped} ${skipped === 1 ? 'test' : 'tests'}${whole ? ' (the whole suite)' : ''}`,
        );
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}
