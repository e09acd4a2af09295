/** What `main.ts` reads from its command line, beyond `--stdio` which `app.run()` reads itself. */
export interface CommandLineOptions {
  /** `--port N`: the HTTP port, 0 for any free one; otherwise `$PORT`, else 3000. */
  port: string | undefined;
  /** `--no-app-questions`: serve the apps but never ask a question through one. */
  appQuestions: boolean;
}

export function commandLineOptions(argv: readonly string[]): CommandLineOptions {
  const portAt = argv.indexOf('--port');
  const port = portAt >= 0 ? argv[portAt + 1] : undefined;
  if (portAt >= 0 && !/^\d+$/.test(port ?? '')) throw new Error(`--port needs a number, got ${String(port)}`);
  return { port, appQuestions: !argv.includes('--no-app-questions') };
}
