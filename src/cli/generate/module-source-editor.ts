import type * as TypeScript from 'typescript';
import type { TypeScriptApi } from './typescript-loader.js';

/** The `@Module({...})` lists `generate` adds to. */
export type ModuleArray =
  'imports' | 'providers' | 'tools' | 'forms' | 'ui' | 'interceptors' | 'guards' | 'filters';

/** What to add to a module: `import { className } from importPath` and an entry in `arrayName`. */
export interface ModuleRegistration {
  className: string;
  importPath: string;
  arrayName: ModuleArray;
}

export type RegistrationResult =
  | { status: 'updated'; source: string }
  | { status: 'already-registered' }
  | { status: 'not-found'; reason: string };

interface Insertion {
  start: number;
  end: number;
  text: string;
}

/**
 * Adds a class to the first `@Module({...})` of a source file: an entry at the end of the named list
 * (the property is created when missing) and its import. The file is parsed with the TypeScript
 * compiler API; only the spots the AST points at are edited, so the rest of the text, comments and
 * formatting included, is kept. Adding what is already listed changes nothing.
 */
export function registerInModule(
  ts: TypeScriptApi,
  source: string,
  registration: ModuleRegistration,
  fileName = 'module.ts',
): RegistrationResult {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = findModuleLiteral(ts, file);
  if (typeof found === 'string') return { status: 'not-found', reason: found };

  const { arrayName, className } = registration;
  const property = found.properties.find(
    (candidate): candidate is TypeScript.PropertyAssignment =>
      ts.isPropertyAssignment(candidate) && propertyName(ts, candidate.name) === arrayName,
  );
  const edits: Insertion[] = [];
  if (!property) {
    edits.push(appendToList(source, found, found.properties, `${arrayName}: [${className}]`, ' '));
  } else if (!ts.isArrayLiteralExpression(property.initializer)) {
    return { status: 'not-found', reason: `\`${arrayName}\` of @Module is not an array literal` };
  } else {
    const listed = property.initializer.elements.some(
      (element) => ts.isIdentifier(element) && element.text === className,
    );
    if (listed) return { status: 'already-registered' };
    edits.push(appendToList(source, property.initializer, property.initializer.elements, className, ''));
  }
  const importEdit = importInsertion(ts, file, source, registration);
  if (importEdit) edits.push(importEdit);
  return { status: 'updated', source: apply(source, edits) };
}

/** The object literal of the first `@Module(...)` class decorator, or why there is none. */
function findModuleLiteral(
  ts: TypeScriptApi,
  file: TypeScript.SourceFile,
): TypeScript.ObjectLiteralExpression | string {
  let notLiteral = false;
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    for (const decorator of ts.getDecorators(statement) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || decoratorName(ts, call.expression) !== 'Module') continue;
      const [argument] = call.arguments;
      if (argument && ts.isObjectLiteralExpression(argument)) return argument;
      notLiteral = true;
    }
  }
  return notLiteral
    ? 'its @Module(...) is not given an object literal ({ ... })'
    : 'it has no class decorated with @Module({ ... })';
}

function decoratorName(ts: TypeScriptApi, expression: TypeScript.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

function propertyName(ts: TypeScriptApi, name: TypeScript.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** Adds `item` at the end of a bracketed list, following its layout: one line, or one item a line. */
function appendToList(
  source: string,
  list: TypeScript.Node,
  items: TypeScript.NodeArray<TypeScript.Node>,
  item: string,
  pad: string,
): Insertion {
  const open = list.getStart() + 1;
  const close = list.getEnd() - 1;
  if (items.length === 0) return { start: open, end: close, text: `${pad}${item}${pad}` };
  const last = items[items.length - 1]!;
  if (!source.slice(open, close).includes('\n')) return { start: last.end, end: last.end, text: `, ${item}` };
  const lineStart = source.lastIndexOf('\n', last.getStart()) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart))![0];
  if (items.hasTrailingComma) {
    const afterComma = source.indexOf(',', last.end) + 1;
    // A comment closing the line stays with the item it follows.
    const lineEnd = source.indexOf('\n', afterComma);
    const rest = source.slice(afterComma, lineEnd === -1 ? close : lineEnd);
    const at = lineEnd !== -1 && lineEnd < close && /^\s*(\/\/.*)?$/.test(rest) ? lineEnd : afterComma;
    return { start: at, end: at, text: `\n${indent}${item},` };
  }
  return { start: last.end, end: last.end, text: `,\n${indent}${item}` };
}

/** The import of the class: a name added to an import of the same path, or a new line after the imports. */
function importInsertion(
  ts: TypeScriptApi,
  file: TypeScript.SourceFile,
  source: string,
  { className, importPath }: ModuleRegistration,
): Insertion | undefined {
  const imports = file.statements.filter(ts.isImportDeclaration);
  const samePath = imports.find(
    (declaration) =>
      ts.isStringLiteral(declaration.moduleSpecifier) &&
      declaration.moduleSpecifier.text === importPath &&
      !declaration.importClause?.isTypeOnly,
  );
  const named = samePath?.importClause?.namedBindings;
  if (named && ts.isNamedImports(named)) {
    if (named.elements.some((element) => element.name.text === className)) return undefined;
    return appendToList(source, named, named.elements, className, ' ');
  }
  const quote = imports[0]?.moduleSpecifier.getText().startsWith('"') ? '"' : "'";
  const statement = `import { ${className} } from ${quote}${importPath}${quote};`;
  const last = imports[imports.length - 1];
  if (last) return { start: last.end, end: last.end, text: `\n${statement}` };
  const shebang = source.startsWith('#!') ? source.indexOf('\n') + 1 : 0;
  return { start: shebang, end: shebang, text: `${statement}\n` };
}

function apply(source: string, edits: Insertion[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((text, edit) => `${text.slice(0, edit.start)}${edit.text}${text.slice(edit.end)}`, source);
}
