import { HeaderMismatchError } from '../../errors/header-mismatch.error.js';
import { SchemaDefinitionError } from '../../errors/schema-definition.error.js';
import type { ToolDefinition } from '../../registry/tool-definition.js';
import type { CheckedMessage } from './envelope.js';
import { decodeHeaderValue } from './header.check.js';
import type { ModernHeaders } from './modern-request.js';
import { isRecord } from '../../shared/is-record.js';

/** One tool argument that clients mirror into an `Mcp-Param-{Name}` header (`"x-mcp-header": "Name"`). */
interface ParamHeader {
  /** Property names from the arguments object down to the value. */
  readonly path: readonly string[];
  readonly headerName: string;
  readonly type: string;
}

const HEADER_KEYWORD = 'x-mcp-header';
/** An RFC 9110 token: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return node;
}

/**
 * SEP-2243 custom headers: found once per tool at bootstrap (declarations are checked there), then on
 * each modern HTTP `tools/call` every argument the body carries must arrive, equal, in its
 * `Mcp-Param-*` header (Base64 sentinel decoded). Absent or null arguments need no header.
 */
export class ParamHeaderRules {
  private readonly byTool = new Map<string, readonly ParamHeader[]>();

  constructor(tools: Iterable<ToolDefinition>) {
    for (const tool of tools) {
      const headers = this.scan(tool);
      if (headers.length) this.byTool.set(tool.name, headers);
    }
  }

  get toolCount(): number {
    return this.byTool.size;
  }

  /** Throws a `HeaderMismatchError` when a declared header is missing, malformed or disagrees with the body. */
  readonly check = (headers: ModernHeaders, message: CheckedMessage): void => {
    if (message.method !== 'tools/call') return;
    const declared = this.byTool.get(message.params.name as string);
    if (!declared) return;
    for (const rule of declared) {
      const body = valueAt(message.params.arguments, rule.path);
      if (body === undefined || body === null || isRecord(body) || Array.isArray(body)) continue;
      const argument = `arguments.${rule.path.join('.')}`;
      const raw = headers.params[rule.headerName.toLowerCase()];
      if (raw === undefined)
        throw new HeaderMismatchError(
          `the Mcp-Param-${rule.headerName} header is required when ${argument} is set`,
        );
      const decoded = decodeHeaderValue(raw);
      if (decoded === undefined)
        throw new HeaderMismatchError(`the Mcp-Param-${rule.headerName} header is not valid Base64`);
      const equal =
        typeof body === 'number' && DECIMAL.test(decoded)
          ? Number(decoded) === body
          : decoded === String(body);
      if (!equal)
        throw new HeaderMismatchError(`the Mcp-Param-${rule.headerName} header does not match ${argument}`);
    }
  };

  /** Declarations reachable through `properties` chains, each checked: a token name, a primitive, unique. */
  private scan(tool: ToolDefinition): ParamHeader[] {
    const found: ParamHeader[] = [];
    const seen = new Map<string, string>();
    const fail = (reason: string): never => {
      throw new SchemaDefinitionError(
        tool.handlerClass.name,
        tool.handlerName,
        `tool "${tool.name}": ${reason}`,
      );
    };
    const visit = (schema: unknown, path: string[]): void => {
      if (!isRecord(schema) || !isRecord(schema.properties)) return;
      for (const [name, property] of Object.entries(schema.properties)) {
        if (!isRecord(property)) continue;
        const propertyPath = [...path, name];
        const headerName = property[HEADER_KEYWORD];
        if (headerName !== undefined) {
          const where = propertyPath.join('.');
          if (typeof headerName !== 'string' || !TOKEN.test(headerName)) {
            fail(`${where}: ${HEADER_KEYWORD} must be a header-name token`);
          }
          const type = property.type;
          if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) {
            fail(
              `${where}: ${HEADER_KEYWORD} is only allowed on string, number, integer or boolean properties`,
            );
          }
          const key = (headerName as string).toLowerCase();
          if (seen.has(key))
            fail(`${where}: ${HEADER_KEYWORD} "${headerName}" is already used by ${seen.get(key)}`);
          seen.set(key, where);
          found.push({ path: propertyPath, headerName: headerName as string, type: type as string });
        }
        visit(property, propertyPath);
      }
    };
    visit(tool.listEntry.inputSchema, []);
    return found;
  }
}
