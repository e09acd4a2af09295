import type { TerminalStyle } from '../shared/terminal-style.js';

/** The parts of a `CallToolResult` the terminal shows. */
export interface ToolResultLike {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

/** Text content plainly, other blocks as a one-line note, structuredContent as JSON; errors in red. */
export function formatToolResult(result: ToolResultLike, style: TerminalStyle): string[] {
  const lines: string[] = [];
  const paint = (text: string): string => (result.isError ? style.paint('red', text) : text);
  if (result.isError) lines.push(style.paint(['bold', 'red'], 'The tool returned an error:'));
  for (const block of result.content ?? []) lines.push(...formatBlock(block).map(paint));
  if (result.structuredContent !== undefined) {
    lines.push(style.paint('dim', 'structuredContent:'));
    lines.push(...JSON.stringify(result.structuredContent, null, 2).split('\n').map(paint));
  }
  if (lines.length === 0) lines.push(style.paint('dim', '(empty result)'));
  return lines;
}

function formatBlock(block: unknown): string[] {
  if (typeof block !== 'object' || block === null) return [String(block)];
  const item = block as Record<string, unknown>;
  switch (item.type) {
    case 'text':
      return String(item.text ?? '').split('\n');
    case 'image':
    case 'audio':
      return [`[${item.type} ${String(item.mimeType ?? 'unknown type')}, ${base64Size(item.data)}]`];
    case 'resource': {
      const resource = (item.resource ?? {}) as Record<string, unknown>;
      const head = `[resource ${String(resource.uri ?? '')}${resource.mimeType ? ` ${String(resource.mimeType)}` : ''}]`;
      if (typeof resource.text === 'string') return [head, ...resource.text.split('\n')];
      return [`${head.slice(0, -1)}, ${base64Size(resource.blob)}]`];
    }
    case 'resource_link':
      return [`[link ${String(item.uri ?? '')}${item.name ? ` "${String(item.name)}"` : ''}]`];
    default:
      return [JSON.stringify(block)];
  }
}

function base64Size(data: unknown): string {
  if (typeof data !== 'string') return 'no data';
  const bytes = Math.floor((data.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
}
