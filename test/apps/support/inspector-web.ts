import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpawnedProcess } from './spawned-process.js';

/** The Inspector's names for the two wires: 2026-07-28 is `modern`, 2025-11-25 `legacy`. */
export type ProtocolEra = 'modern' | 'legacy';

/** The MCP Inspector's web UI, serving one server and nothing else. */
export interface InspectorWeb {
  /** The page to open, its API token included. */
  pageUrl: string;
  stop(): Promise<void>;
}

// The first run installs the pinned Inspector and a Node >= 22 from the npm registry.
const FIRST_RUN_MS = 300_000;

/**
 * Starts the pinned Inspector's web UI (scripts/inspector.sh) for one Streamable HTTP server on one
 * era, on a free port, with a token of its own, a fresh storage folder, and no browser of its own.
 */
export async function startInspectorWeb(serverUrl: string, era: ProtocolEra): Promise<InspectorWeb> {
  const storage = await mkdtemp(join(tmpdir(), 'inspector-web-'));
  const token = randomBytes(16).toString('hex');
  const started = SpawnedProcess.start({
    what: `the MCP Inspector web UI (${era}, ${serverUrl})`,
    command: 'bash',
    args: [
      'scripts/inspector.sh',
      '--web',
      '--transport',
      'http',
      '--server-url',
      serverUrl,
      '--protocol-era',
      era,
    ],
    env: {
      ...process.env,
      // The UI's port must be fixed (its origin is in the sandbox's CSP); the two sandbox origins may be any.
      CLIENT_PORT: String(await freePort()),
      MCP_SANDBOX_PORT: '0',
      MCP_APP_ORIGIN_PORT: '0',
      MCP_INSPECTOR_API_TOKEN: token,
      MCP_AUTO_OPEN_ENABLED: 'false',
      MCP_STORAGE_DIR: storage,
      MCP_INSPECTOR_SECRET_STORE: 'memory',
    },
    readyWhen: /up and running at:\s*(http:\/\/\S+)\s/,
    timeoutMs: FIRST_RUN_MS,
  });
  const removeStorage = () => rm(storage, { recursive: true, force: true });
  try {
    const { process: inspector, ready } = await started;
    return {
      pageUrl: ready[1]!,
      stop: async () => {
        await inspector.stop();
        await removeStorage();
      },
    };
  } catch (error) {
    await removeStorage();
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
