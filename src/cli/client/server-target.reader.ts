import { CliError } from '../shared/cli.error.js';
import { splitCommandLine } from './command-line-splitter.js';

/** Where the server is: a Streamable HTTP endpoint, or a command to spawn and talk to over stdio. */
export type ServerTarget = { kind: 'http'; url: URL } | { kind: 'stdio'; command: string; args: string[] };

export function parseServerTarget(server: string): ServerTarget {
  if (/^https?:\/\//i.test(server.trim())) {
    try {
      return { kind: 'http', url: new URL(server.trim()) };
    } catch {
      throw new CliError(`Not a valid server URL: ${server}`);
    }
  }
  const [command, ...args] = splitCommandLine(server);
  if (!command) throw new CliError('The server is empty: give an http(s):// URL or a command line to run.');
  return { kind: 'stdio', command, args };
}

export function describeServerTarget(target: ServerTarget): string {
  return target.kind === 'http' ? target.url.href : [target.command, ...target.args].join(' ');
}
