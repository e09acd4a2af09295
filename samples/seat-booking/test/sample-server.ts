import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built sample, as `npm run build` leaves it. */
export const SAMPLE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** The sample running in a process of its own, as a person or a host starts it. */
export interface SampleServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `dist/main.js --port 0` with `flags`, and resolves with the URL it prints once listening. */
export async function startSampleServer(flags: readonly string[] = []): Promise<SampleServer> {
  const child: ChildProcess = spawn(process.execPath, [SAMPLE_MAIN, '--port', '0', ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(line);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the sample exited with ${code} before listening: ${stderr}`)),
    );
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
