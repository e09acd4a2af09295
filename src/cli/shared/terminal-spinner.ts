import ora, { type Ora } from 'ora';

/** The part of a spinner the actions use; a silent one stands in for specs and non-terminals. */
export interface Spinner {
  start(text: string): void;
  succeed(text?: string): void;
  fail(text?: string): void;
  stop(): void;
}

export class TerminalSpinner implements Spinner {
  // discardStdin would fight the prompts for stdin between questions.
  private readonly spinner: Ora = ora({ stream: process.stderr, discardStdin: false });

  start(text: string): void {
    this.spinner.start(text);
  }

  succeed(text?: string): void {
    this.spinner.succeed(text);
  }

  fail(text?: string): void {
    this.spinner.fail(text);
  }

  stop(): void {
    this.spinner.stop();
  }
}

/** A spinner on a terminal; nothing at all when stderr is piped, so logs stay clean. */
export function createSpinner(): Spinner {
  return process.stderr.isTTY ? new TerminalSpinner() : new SilentSpinner();
}

export class SilentSpinner implements Spinner {
  start(): void {}
  succeed(): void {}
  fail(): void {}
  stop(): void {}
}
