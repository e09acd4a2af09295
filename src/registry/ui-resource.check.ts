import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { UiResourceMetadataStore } from '../metadata/ui-resource-metadata.store.js';
import type { UiResourceOptions } from '../metadata/ui-resource.metadata.js';
import { isRecord } from '../shared/is-record.js';
import { UI_URI_SCHEME } from '../shared/mcp-apps.constants.js';

const OPTION_KEYS = new Set([
  'uri',
  'name',
  'title',
  'description',
  'html',
  'file',
  'render',
  'listed',
  'csp',
  'permissions',
  'domain',
  'prefersBorder',
]);
const CSP_KEYS = new Set(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']);
const PERMISSION_KEYS = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite']);

/**
 * The options of a `@UiResource()` class, checked at bootstrap: an absolute `ui://` URI, a name, exactly
 * one source of HTML, and only the keys MCP Apps defines. One error names the class and lists every problem.
 */
export function checkUiResource(cls: ClassType): UiResourceOptions {
  const options = UiResourceMetadataStore.read(cls);
  if (!options) {
    throw new SchemaDefinitionError(
      cls.name,
      undefined,
      'is listed in `ui` but has no @UiResource() decorator',
    );
  }
  const problems: string[] = [];
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) problems.push(`unknown option \`${key}\``);
  problems.push(...uriProblems(options.uri));
  if (typeof options.name !== 'string' || options.name === '')
    problems.push('`name` must be a non-empty string');
  const sources = (['html', 'file', 'render'] as const).filter((key) => options[key] !== undefined);
  if (sources.length !== 1) {
    problems.push(
      `needs exactly one of \`html\`, \`file\` or \`render\` (has ${sources.length ? sources.join(', ') : 'none'})`,
    );
  }
  if (options.html !== undefined && typeof options.html !== 'string')
    problems.push('`html` must be a string');
  if (options.file !== undefined && typeof options.file !== 'string' && !(options.file instanceof URL))
    problems.push('`file` must be a path or a file: URL');
  if (options.render !== undefined && typeof options.render !== 'function')
    problems.push('`render` must be a function');
  problems.push(...keyedProblems('csp', options.csp, CSP_KEYS, isDomainList, 'a list of origins'));
  problems.push(...keyedProblems('permissions', options.permissions, PERMISSION_KEYS, isEmptyObject, '`{}`'));
  if (options.domain !== undefined && (typeof options.domain !== 'string' || options.domain === ''))
    problems.push('`domain` must be a non-empty string');
  if (options.prefersBorder !== undefined && typeof options.prefersBorder !== 'boolean')
    problems.push('`prefersBorder` must be a boolean');
  if (options.listed !== undefined && typeof options.listed !== 'boolean')
    problems.push('`listed` must be a boolean');
  if (problems.length === 0) return options;
  const errors = problems.map(
    (reason) => new SchemaDefinitionError(cls.name, undefined, `@UiResource(): ${reason}`),
  );
  throw SchemaDefinitionError.listing(cls.name, errors);
}

function uriProblems(uri: unknown): string[] {
  if (typeof uri !== 'string' || !uri.startsWith(UI_URI_SCHEME) || uri.length === UI_URI_SCHEME.length)
    return [
      `\`uri\` must be an absolute ${UI_URI_SCHEME} URI, e.g. "ui://seats/picker" (got ${JSON.stringify(uri)})`,
    ];
  try {
    new URL(uri);
    return [];
  } catch {
    return [`\`uri\` ${JSON.stringify(uri)} is not a valid URI`];
  }
}

function keyedProblems(
  option: string,
  value: unknown,
  known: ReadonlySet<string>,
  valid: (entry: unknown) => boolean,
  expected: string,
): string[] {
  if (value === undefined) return [];
  if (!isRecord(value)) return [`\`${option}\` must be an object`];
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!known.has(key)) problems.push(`unknown key \`${option}.${key}\` (known: ${[...known].join(', ')})`);
    else if (!valid(entry)) problems.push(`\`${option}.${key}\` must be ${expected}`);
  }
  return problems;
}

function isDomainList(value: unknown): boolean {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry !== '');
}

function isEmptyObject(value: unknown): boolean {
  return isRecord(value) && Object.keys(value).length === 0;
}
