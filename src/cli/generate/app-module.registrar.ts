import { findClosingBracket, maskCode, splitTopLevel } from './code-mask.scanner.js';

export type RegistrationArray = 'tools' | 'providers' | 'forms' | 'interceptors';

/** What to add to the app: `import { className } from importPath` and an entry in `arrayName`. */
export interface ModuleRegistration {
  className: string;
  importPath: string;
  arrayName: RegistrationArray;
}

export type RegistrationResult =
  | { status: 'updated'; source: string }
  | { status: 'already-registered' }
  | { status: 'not-found'; reason: string };

/**
 * Where the registration lists are: a module's `@Module({`, the app's options object
 * (`export const appModule: ElicitorOptions = {`), or inline in `Elicitor.create({`.
 */
const OPTIONS_OBJECT = [
  /@Module\s*\(\s*\{/,
  /:\s*ElicitorOptions\s*=\s*\{/,
  /\bElicitor\s*\.\s*create\s*\(\s*\{/,
];

/**
 * Adds a class to a `@Module({...})` or to the app's options object (a `const x: ElicitorOptions = {...}`,
 * or the object given to `Elicitor.create({...})`) by editing text:
 * the entry goes at the end of the named array (created when missing) and the
 * import after the last import. Formatting around the edit is kept.
 */
export function registerInAppModule(source: string, registration: ModuleRegistration): RegistrationResult {
  const masked = maskCode(source);
  const call = OPTIONS_OBJECT.map((pattern) => pattern.exec(masked)).find((match) => match !== null);
  if (!call) {
    return {
      status: 'not-found',
      reason: 'no @Module({ ... }), no ElicitorOptions object and no Elicitor.create({ ... }) call',
    };
  }
  const objectOpen = call.index + call[0].length - 1;
  const objectClose = findClosingBracket(masked, objectOpen);
  if (objectClose === -1) return { status: 'not-found', reason: 'the app options object is not closed' };

  const property = findProperty(source, masked, objectOpen, objectClose, registration.arrayName);
  let edited: string;
  if (!property) {
    const entry = `${registration.arrayName}: [${registration.className}]`;
    edited = appendItem(source, masked, objectOpen, objectClose, entry, ' ');
  } else {
    const arrayOpen = property.valueStart;
    if (masked[arrayOpen] !== '[') {
      return { status: 'not-found', reason: `\`${registration.arrayName}\` is not an array literal` };
    }
    const arrayClose = findClosingBracket(masked, arrayOpen);
    if (arrayClose === -1)
      return { status: 'not-found', reason: `\`${registration.arrayName}\` is not closed` };
    const entries = splitTopLevel(masked, arrayOpen + 1, arrayClose).map(({ start, end }) =>
      source.slice(start, end),
    );
    if (entries.includes(registration.className)) return { status: 'already-registered' };
    edited = appendItem(source, masked, arrayOpen, arrayClose, registration.className, '');
  }
  return { status: 'updated', source: addImport(edited, registration) };
}

function findProperty(
  source: string,
  masked: string,
  objectOpen: number,
  objectClose: number,
  key: string,
): { valueStart: number } | undefined {
  for (const item of splitTopLevel(masked, objectOpen + 1, objectClose)) {
    const text = masked.slice(item.start, item.end);
    const colon = topLevelColon(text);
    const keyText = source.slice(item.start, colon === -1 ? item.end : item.start + colon).trim();
    if (keyText.replace(/^(['"])(.*)\1$/, '$2') !== key) continue;
    if (colon === -1) return { valueStart: item.end }; // shorthand `tools`: not an array literal
    let valueStart = item.start + colon + 1;
    while (/\s/.test(masked[valueStart])) valueStart++;
    return { valueStart };
  }
  return undefined;
}

function topLevelColon(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if ('{[('.includes(char)) depth++;
    else if ('}])'.includes(char)) depth--;
    else if (char === ':' && depth === 0) return index;
  }
  return -1;
}

/** Appends `item` inside the brackets at `open`..`close`, following the list's layout. */
function appendItem(
  source: string,
  masked: string,
  open: number,
  close: number,
  item: string,
  pad: string,
): string {
  const items = splitTopLevel(masked, open + 1, close);
  if (items.length === 0) return `${source.slice(0, open + 1)}${pad}${item}${pad}${source.slice(close)}`;
  const last = items[items.length - 1];
  if (!source.slice(open, close).includes('\n')) {
    return `${source.slice(0, last.end)}, ${item}${source.slice(last.end)}`;
  }
  const lineStart = source.lastIndexOf('\n', last.start) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? '';
  const trailingComma = /^\s*,/.exec(masked.slice(last.end, close));
  if (trailingComma) {
    const at = last.end + trailingComma[0].length;
    return `${source.slice(0, at)}\n${indent}${item},${source.slice(at)}`;
  }
  return `${source.slice(0, last.end)},\n${indent}${item}${source.slice(last.end)}`;
}

function addImport(source: string, registration: ModuleRegistration): string {
  const escapedPath = registration.importPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`from\\s*['"]${escapedPath}['"]`).test(source)) return source;
  const statement = `import { ${registration.className} } from '${registration.importPath}';`;
  const end = lastImportEnd(maskCode(source));
  if (end === -1) {
    const shebang = source.startsWith('#!') ? source.indexOf('\n') + 1 : 0;
    return `${source.slice(0, shebang)}${statement}\n${source.slice(shebang)}`;
  }
  return `${source.slice(0, end)}\n${statement}${source.slice(end)}`;
}

/** Offset just after the last top-level `import ... 'module';` statement, or -1. */
function lastImportEnd(masked: string): number {
  let end = -1;
  for (const match of masked.matchAll(/^import\b/gm)) {
    const quote = masked.slice(match.index).search(/['"]/);
    if (quote === -1) continue;
    const open = match.index + quote;
    const close = masked.indexOf(masked[open], open + 1);
    if (close === -1) continue;
    end = masked[close + 1] === ';' ? close + 2 : close + 1;
  }
  return end;
}
