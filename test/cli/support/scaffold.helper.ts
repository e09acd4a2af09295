import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(process.cwd());
export const cliBin = join(repoRoot, 'dist', 'cli', 'main.js');

/** The child's environment without this jest run's settings. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('JEST') && key !== 'NODE_OPTIONS' && key !== 'NODE_ENV',
    ),
  );
  return { ...env, ...extra };
}

/** Runs a command to completion; a failure throws with its stdout and stderr in the message. */
export function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      env: cleanEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout}\n${failed.stderr}`,
      { cause: error },
    );
  }
}

/** The `elicitor` CLI of this repository's build, run in `cwd`. */
export function elicitor(args: string[], cwd: string): string {
  return run(process.execPath, [cliBin, ...args], cwd);
}

/** Packs this repository, scaffolds `name` in `workDir` with `elicitor new`, and installs it against the pack. */
export function scaffoldFromPack(workDir: string, name: string): string {
  const projectDir = join(workDir, name);
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', workDir], repoRoot),
  ) as Array<{
    filename: string;
  }>;
  elicitor(['new', name, '--skip-install', '--directory', projectDir], workDir);
  const manifestPath = join(projectDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies.elicitor = `file:${join(workDir, packed[0]!.filename)}`;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund'], projectDir);
  return projectDir;
}
