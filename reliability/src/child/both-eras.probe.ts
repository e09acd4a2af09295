import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Whether the server at `url` still serves a good call to the official client, on each era. */
export async function answersOnBothEras(url: string): Promise<{ modern: boolean; legacy: boolean }> {
  return { modern: await echoes(url, 'modern'), legacy: await echoes(url, 'legacy') };
}

async function echoes(url: string, era: 'modern' | 'legacy'): Promise<boolean> {
  const client = new Client(
    { name: 'reliability-probe', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = await client.callTool({ name: 'echo', arguments: { text: 'alive' } }, { timeout: 10_000 });
    const text = (result.content as Array<{ text?: string }>)[0]?.text;
    const version = client.getNegotiatedProtocolVersion();
    return text === 'echo: alive' && version === (era === 'modern' ? '2026-07-28' : '2025-11-25');
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}
