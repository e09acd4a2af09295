import { spawn } from 'node:child_process';

export interface InstallOutcome {
  ok: boolean;
  /** The tail of what the package manager printed, for the error report. */
  log: string;
}

/** Runs `<pm> install` in a directory; swapped out in specs. */
export interface PackageInstaller {
  install(packageManager: string, directory: string): Promise<InstallOutcome>;
}

export class ChildProcessInstaller implements PackageInstaller {
  install(packageManager: string, directory: string): Promise<InstallOutcome> {
    return new Promise((resolve) => {
      const child = spawn(packageManager, ['install'], {
        cwd: directory,
        stdio: ['ignore', 'pipe', 'pipe'],
        // npm is a .cmd script on Windows, which only a shell can start.
        shell: process.platform === 'win32',
      });
      let log = '';
      const keep = (chunk: Buffer): void => {
        log = (log + chunk.toString()).slice(-4000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ ok: false, log: error.message }));
      child.on('close', (code) => resolve({ ok: code === 0, log }));
    });
  }
}
