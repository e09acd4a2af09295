import { parseHeaders } from '../client/cli-option.reader.js';
import type { EraPreference } from '../client/era-preference.types.js';
import { parseServerTarget } from '../client/server-target.reader.js';
import { runWithSession } from '../client/session.runner.js';
import { formatToolList } from '../client/tool-list.formatter.js';
import type { CliOutput } from '../shared/cli-output.js';
import type { Spinner } from '../shared/terminal-spinner.js';

export interface InspectActionOptions {
  server: string;
  era: EraPreference;
  header: string[];
  json: boolean;
}

export interface InspectActionContext {
  output: CliOutput;
  spinner: Spinner;
  clientVersion: string;
  serverStderr?: 'inherit' | 'ignore';
}

/** `elicitor inspect`: the server, its negotiated era, its tools with their input schemas and apps, and its UI resources. */
export class InspectAction {
  constructor(private readonly context: InspectActionContext) {}

  async handle(options: InspectActionOptions): Promise<number> {
    const { output, spinner } = this.context;
    const target = parseServerTarget(options.server);
    const session = {
      target,
      era: options.era,
      clientVersion: this.context.clientVersion,
      headers: parseHeaders(options.header),
      ...(this.context.serverStderr !== undefined ? { serverStderr: this.context.serverStderr } : {}),
    };
    return runWithSession(
      spinner,
      options.server,
      session,
      `Listing the tools of ${options.server} failed`,
      async (session) => {
        spinner.start('Listing tools');
        const tools = await session.listTools();
        const uiResources = await session.listUiResources();
        spinner.stop();
        const server = session.summary;
        if (options.json) output.out(JSON.stringify({ server, tools, uiResources }, null, 2));
        else for (const line of formatToolList(server, tools, output.style, uiResources)) output.out(line);
        return 0;
      },
    );
  }
}
