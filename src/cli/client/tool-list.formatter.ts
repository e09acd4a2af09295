import type { TerminalStyle } from '../shared/terminal-style.js';
import { isRecord } from '../../shared/is-record.js';

/** The parts of a listed tool the terminal shows; the SDK's `Tool` fits it as it is. */
export interface ToolLike {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: {
    properties?: Record<string, unknown> | undefined;
    required?: string[] | undefined;
  } & Record<string, unknown>;
  annotations?: Record<string, unknown> | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** A UI resource (MCP App) as the listing shows it. */
export interface UiResourceLike {
  uri: string;
  name: string;
  description?: string | undefined;
}

export interface ServerSummary {
  name?: string;
  version?: string;
  era?: string;
  protocolVersion?: string;
}

export const FORMS_NOTE =
  'Forms are only known when a tool asks; run `elicitor call <server> <tool>` to answer them.';

/** A readable listing of a server's tools with their arguments and annotations. */
export function formatToolList(
  server: ServerSummary,
  tools: readonly ToolLike[],
  style: TerminalStyle,
  uiResources: readonly UiResourceLike[] = [],
): string[] {
  const lines = [formatServerLine(server), ''];
  lines.push(tools.length === 1 ? '1 tool' : `${tools.length} tools`);
  for (const tool of tools) {
    lines.push('');
    lines.push(
      style.paint(
        'bold',
        tool.title && tool.title !== tool.name ? `${tool.name} "${tool.title}"` : tool.name,
      ),
    );
    if (tool.description) lines.push(...tool.description.split('\n').map((line) => `  ${line}`));
    lines.push(...formatArguments(tool.inputSchema));
    const annotations = Object.entries(tool.annotations ?? {}).map(
      ([key, value]) => `${key}=${JSON.stringify(value)}`,
    );
    if (annotations.length > 0) lines.push(`  annotations: ${annotations.join(', ')}`);
    const ui = describeToolUi(tool._meta);
    if (ui) lines.push(`  ${ui}`);
  }
  if (uiResources.length > 0) {
    lines.push('', uiResources.length === 1 ? '1 UI resource' : `${uiResources.length} UI resources`);
    for (const resource of uiResources) {
      lines.push('', style.paint('bold', resource.uri), `  name: ${resource.name}`);
      if (resource.description) lines.push(`  ${resource.description}`);
    }
  }
  lines.push('', style.paint('dim', FORMS_NOTE));
  return lines;
}

/** `ui: ui://… (app only)` for a tool with an MCP App, else undefined. */
function describeToolUi(meta: ToolLike['_meta']): string | undefined {
  const ui = meta?.ui;
  if (!isRecord(ui) || typeof ui.resourceUri !== 'string') return undefined;
  const visibility = Array.isArray(ui.visibility) ? ui.visibility : undefined;
  const who =
    visibility === undefined
      ? ''
      : visibility.includes('model')
        ? visibility.includes('app')
          ? ''
          : ' (model only)'
        : ' (app only: hidden from the model)';
  return `ui: ${ui.resourceUri}${who}`;
}

export function formatServerLine(server: ServerSummary): string {
  const name = [server.name ?? 'unnamed server', server.version].filter(Boolean).join(' ');
  const era = server.era ? `, ${server.era} era` : '';
  const version = server.protocolVersion ? ` (protocol ${server.protocolVersion})` : '';
  return `${name}${era}${version}`;
}

function formatArguments(schema: ToolLike['inputSchema']): string[] {
  const properties = Object.entries(schema?.properties ?? {});
  if (properties.length === 0) return ['  arguments: none'];
  const required = new Set(schema?.required ?? []);
  const width = Math.max(...properties.map(([name]) => name.length));
  return [
    '  arguments:',
    ...properties.map(([name, property]) => {
      const details = [describeType(property), required.has(name) ? 'required' : 'optional'];
      const description =
        isRecord(property) && typeof property.description === 'string' ? ` - ${property.description}` : '';
      return `    ${name.padEnd(width)}  ${details.join(', ')}${description}`;
    }),
  ];
}

function describeType(property: unknown): string {
  if (!isRecord(property)) return 'any';
  if (Array.isArray(property.enum))
    return `one of ${property.enum.map((value) => JSON.stringify(value)).join(' | ')}`;
  let type = Array.isArray(property.type)
    ? property.type.join(' | ')
    : typeof property.type === 'string'
      ? property.type
      : 'any';
  if (type === 'array' && isRecord(property.items)) type = `array of ${describeType(property.items)}`;
  if (typeof property.format === 'string') type += ` (${property.format})`;
  const bounds = [
    typeof property.minimum === 'number' ? `>= ${property.minimum}` : '',
    typeof property.maximum === 'number' ? `<= ${property.maximum}` : '',
    typeof property.minLength === 'number' ? `min length ${property.minLength}` : '',
    typeof property.maxLength === 'number' ? `max length ${property.maxLength}` : '',
  ].filter(Boolean);
  if (property.default !== undefined) bounds.push(`default ${JSON.stringify(property.default)}`);
  return bounds.length > 0 ? `${type} ${bounds.join(' ')}` : type;
}
