import type { CallToolResult, Client } from '@modelcontextprotocol/client';

/**
 * Calls a tool that may wait on a person, with the official client. `onprogress` makes the client send a
 * progressToken, so the server's keep-alive reaches it; `resetTimeoutOnProgress` restarts the 60 s request
 * timeout on each notification; `maxTotalTimeout` still gives up after an hour.
 */
export function callPatiently(
  client: Client,
  name: string,
  onProgress: (message: string) => void,
): Promise<CallToolResult> {
  return client.callTool(
    { name, arguments: {} },
    {
      onprogress: ({ progress, message }) => onProgress(message ?? String(progress)),
      resetTimeoutOnProgress: true,
      maxTotalTimeout: 60 * 60_000,
    },
  );
}
