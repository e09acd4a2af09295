import { CliError } from '../shared/cli.error.js';
import { errorMessage } from '../shared/error-message.formatter.js';
import type { Spinner } from '../shared/terminal-spinner.js';
import { McpSession, type McpSessionOptions } from './mcp-session.js';

/**
 * Connects with a spinner, runs `work` on the session and always closes it. A failure that is not
 * already a `CliError` becomes one that starts with `failure`.
 */
export async function runWithSession<T>(
  spinner: Spinner,
  server: string,
  options: McpSessionOptions,
  failure: string,
  work: (session: McpSession) => Promise<T>,
): Promise<T> {
  spinner.start(`Connecting to ${server}`);
  let session: McpSession | undefined;
  try {
    session = await McpSession.open(options);
    spinner.stop();
    return await work(session);
  } catch (error) {
    spinner.stop();
    if (error instanceof CliError) throw error;
    throw new CliError(`${failure}: ${errorMessage(error)}`);
  } finally {
    await session?.close();
  }
}
