import type { HttpListenOptions } from '../transport/http-handler.options.js';
import type { StdioStreams } from '../transport/stdio.transport.js';

export interface ListenOptions {
  http?: HttpListenOptions;
  /** `true` for the process's stdin/stdout, or explicit streams. */
  stdio?: boolean | StdioStreams;
}

export interface ListeningInfo {
  /** The HTTP endpoint, when serving HTTP. */
  url?: string;
  port?: number;
}
