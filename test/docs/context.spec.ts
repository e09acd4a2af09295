import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { AboutTools } from '../../docs/snippets/context/about.tools.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';

/**
 * docs/context.md lists every public member of `Context`, one line each with a link: the members are read
 * from the class's source (public, not `@internal`), so a new one fails here until the page has it.
 */
function publicMembersOfContext(): string[] {
  const file = 'src/context/context.ts';
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const context = source.statements.find(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) && statement.name?.text === 'Context',
  )!;
  const members = new Set<string>();
  for (const member of context.members) {
    // Parameter properties (`readonly target` in the constructor) are members too.
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        const modifiers = ts.getModifiers(parameter) ?? [];
        const isProperty = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword);
        const isPrivate = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword);
        if (isProperty && !isPrivate && ts.isIdentifier(parameter.name)) members.add(parameter.name.text);
      }
      continue;
    }
    if (!member.name || !ts.isIdentifier(member.name)) continue; // symbol-keyed slots
    const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword)) continue;
    if (member.getFullText().includes('@internal')) continue;
    members.add(member.name.text);
  }
  return [...members];
}

describe('docs/context.md', () => {
  const page = readFileSync('docs/context.md', 'utf8');
  const lines = page.split('\n').filter((line) => line.startsWith('- [`ctx.'));

  it('has one linked line for each public member of Context, and none for anything else', () => {
    const listed = lines.map((line) => /^- \[`ctx\.(\w+)/.exec(line)![1]);
    const members = publicMembersOfContext();

    expect(members).toEqual(
      expect.arrayContaining(['elicit', 'memo', 'once', 'onCommit', 'progress', 'era']),
    );
    expect([...listed].sort()).toStrictEqual([...members].sort());
  });

  it('links each line to a heading that exists', () => {
    for (const line of lines) {
      const [, path, anchor] = /\]\(([\w-]+\.md)#([\w-]+)\)/.exec(line)!;
      const headings = readFileSync(`docs/${path}`, 'utf8')
        .split('\n')
        .filter((text) => /^#{2,3} /.test(text))
        .map((text) =>
          text
            .replace(/^#+ /, '')
            .toLowerCase()
            .replace(/[^\w\s-]/g, '')
            .replace(/\s/g, '-'),
        );
      expect({ line, found: headings.includes(anchor!) }).toStrictEqual({ line, found: true });
    }
  });
});

describe('the Context page example', () => {
  it.each([
    ['modern', '2026-07-28 (modern)'],
    ['legacy', '2025-11-25 (legacy)'],
  ] as const)('reads the request on the %s wire', async (era, wire) => {
    const { app, url } = await startHttpApp({ name: 'about', version: '1.0.0', tools: [AboutTools] });
    const client = await connectHttp(officialClient({ era }), url);
    try {
      const result = await client.callTool({ name: 'about', arguments: {} });
      expect(textOf(result)).toBe(`elicitor-e2e on ${wire}, round 1 of about; it answers forms`);
    } finally {
      await client.close();
      await app.close();
    }
  });
});
