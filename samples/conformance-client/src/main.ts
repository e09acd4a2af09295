#!/usr/bin/env node
// Entry point the conformance suite runs as `node dist/main.js <server-url>`, with the
// scenario name in MCP_CONFORMANCE_SCENARIO and the revision in MCP_CONFORMANCE_PROTOCOL_VERSION.
import { debugLog } from './debug-log.js';
import { scenarioRegistry } from './scenario-registry.js';

// The suite always sets the version; a hand-run without it gets the initialize lifecycle.
const DEFAULT_PROTOCOL_VERSION = '2025-11-25';

function usage(problem: string): never {
  process.stderr.write(
    `${problem}\nusage: MCP_CONFORMANCE_SCENARIO=<name> node dist/main.js <server-url>\n` +
      `scenarios: ${[...scenarioRegistry.keys()].join(', ')}\n`,
  );
  process.exit(2);
}

function parseContext(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  return JSON.parse(raw) as unknown;
}

const scenarioName = process.env['MCP_CONFORMANCE_SCENARIO'];
const serverUrl = process.argv[2];
if (!scenarioName) usage('MCP_CONFORMANCE_SCENARIO is not set');
if (!serverUrl) usage('missing <server-url>');
const scenario = scenarioRegistry.get(scenarioName) ?? usage(`unknown scenario: ${scenarioName}`);

try {
  await scenario({
    serverUrl: new URL(serverUrl),
    protocolVersion: process.env['MCP_CONFORMANCE_PROTOCOL_VERSION'] || DEFAULT_PROTOCOL_VERSION,
    context: parseContext(process.env['MCP_CONFORMANCE_CONTEXT']),
  });
  debugLog(`scenario ${scenarioName} done`);
  // Exit explicitly: an idle keep-alive socket must not hold the run until the suite's timeout.
  process.exit(0);
} catch (error) {
  debugLog(
    `scenario ${scenarioName} failed`,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exit(1);
}
