/** What `elicitor new` decided, as the project templates need it. */
export interface ProjectOptions {
  /** npm package name, kebab-case. */
  packageName: string;
  /** The dependency range for the `elicitor` package itself. */
  elicitorVersion: string;
  /** Which transport `npm start` serves when no flag is given. */
  defaultTransport: 'http' | 'stdio';
  packageManager: 'npm' | 'pnpm' | 'yarn';
}
