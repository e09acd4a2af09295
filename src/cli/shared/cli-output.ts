import { TerminalStyle } from './terminal-style.js';

/**
 * Where a command writes. Results go to `out` (stdout) so scripts can read them;
 * progress and warnings go to `err` (stderr).
 */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
  readonly style: TerminalStyle;
}

export function processOutput(): CliOutput {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    style: TerminalStyle.forStream(process.stdout),
  };
}

/** Collects lines in memory; used by specs. */
export class CapturedOutput implements CliOutput {
  readonly outLines: string[] = [];
  readonly errLines: string[] = [];
  readonly style = TerminalStyle.plain();

  out(line: string): void {
    this.outLines.push(...line.split('\n'));
  }

  err(line: string): void {
    this.errLines.push(...line.split('\n'));
  }

  get stdout(): string {
    return this.outLines.join('\n');
  }

  get stderr(): string {
    return this.errLines.join('\n');
  }
}
