import { Agent, request as httpRequest } from 'node:http';
import { legacyInitializeRequest } from '../support/legacy-initialize-request.js';

/** How the server answered one `initialize`: a session, a refusal from the cap, or something else. */
export interface InitializeOutcome {
  status: number;
  sessionId: string | undefined;
  retryAfter: string | undefined;
  text: string;
}

const INITIALIZE = JSON.stringify(legacyInitializeRequest(1, 'abandoner'));

/**
 * Sends `count` legacy `initialize` requests, `concurrency` at a time, and never comes back to the
 * sessions they open: the client of a tab that was closed, or a flood from someone without credentials.
 */
export async function openAndAbandon(
  url: string,
  count: number,
  concurrency: number,
): Promise<InitializeOutcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: InitializeOutcome[] = [];
  let issued = 0;
  const worker = async () => {
    while (issued < count) {
      issued++;
      outcomes.push(await initializeOnce(url, agent));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return outcomes;
}

function initializeOnce(url: string, agent: Agent): Promise<InitializeOutcome> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(Buffer.byteLength(INITIALIZE)),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const header = (name: string) => {
            const value = response.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          resolve({
            status: response.statusCode ?? 0,
            sessionId: header('mcp-session-id'),
            retryAfter: header('retry-after'),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('initialize timed out')));
    outgoing.on('error', reject);
    outgoing.end(INITIALIZE);
  });
}
