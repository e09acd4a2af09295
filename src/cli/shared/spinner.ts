import ora, { type Ora } from 'ora';

/** The part of a spinner the actions use; a silent one stands in for specs and non-terminals. */
export interface Spinner {
  start(text: string): void;
  succeed(text?: string): void;
  fail(text?: string): void;
  stop(): void;
}

export class TerminalSpinner implements Spinner {
  private readonly spinner: Ora = ora({ stream: process.stderr });

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

export class SilentSpinner implements Spinner {
  start(): void {}
  succeed(): void {}
  fail(): void {}
  stop(): void {}
}
