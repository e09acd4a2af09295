import { legacyInitializeRequest } from '../support/legacy-initialize-request.js';

/** Gets what the fuzzer tampers with from the live server: a genuine sealed state, and legacy sessions. */
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export async function genuineRequestState(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...JSON_HEADERS,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'schedule',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'schedule',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
        },
      },
    }),
  });
  const body = (await response.json()) as { result?: { requestState?: string } };
  const state = body.result?.requestState;
  if (typeof state !== 'string') throw new Error(`no requestState from schedule: ${JSON.stringify(body)}`);
  return state;
}

/** Opens `count` legacy sessions (declaring no elicitation, so no call waits for a user) and returns their ids. */
export async function openLegacySessions(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(legacyInitializeRequest(1, 'fuzz')),
    });
    await response.text();
    const id = response.headers.get('mcp-session-id');
    if (!id) throw new Error(`initialize gave no session (HTTP ${response.status})`);
    const initialized = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    await initialized.text();
    ids.push(id);
  }
  return ids;
}
