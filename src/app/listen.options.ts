import type { HttpListenOptions } from '../transport/http/http-handler.options.js';
import type { StdioStreams } from '../transport/stdio.transport.js';

/** What `app.listen()` serves: HTTP, stdio, or both. */
export interface ListenOptions {
  http?: HttpListenOptions;
  /** `true` for the process's stdin/stdout, or explicit streams. */
  stdio?: boolean | StdioStreams;
}

/** Where `app.listen()` is serving, once it resolves. */
export interface ListeningInfo {
  /** The HTTP endpoint, when serving HTTP. */
  url?: string;
  port?: number;
}
