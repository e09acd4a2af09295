import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';

/**
 * Keeps the guides honest: every code block in README.md and docs/ is a real file under docs/snippets
 * (compiled by the root typecheck and run by a spec in test/docs), embedded byte for byte between
 * `<!-- snippet: path -->` and `<!-- /snippet -->`. Only shell command blocks (```sh, ```bash) may stand alone.
 */
const SNIPPETS = join('docs', 'snippets');
const SHELL_LANGUAGES = new Set(['sh', 'bash']);
const LANGUAGE_OF: Record<string, string> = { '.ts': 'ts', '.json': 'json' };
const OPEN_MARKER = /^<!-- snippet: (\S+) -->$/;
const CLOSE_MARKER = '<!-- /snippet -->';
const FENCE = /^ {0,3}```(\S*)\s*$/;

interface CodeBlock {
  file: string;
  line: number;
  language: string;
  body: string;
  snippet?: string;
}

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path, keep) : keep(path) ? [path] : [];
  });
}

const markdownFiles = ['README.md', ...walk('docs', (path) => path.endsWith('.md'))];
const snippetFiles = walk(SNIPPETS, (path) => path.endsWith('.ts') || path.endsWith('.json'));

/** Code blocks of one Markdown file, with the snippet each is marked as; structural problems go to `problems`. */
function parse(file: string, problems: string[]): CodeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  let marker: { path: string; line: number } | undefined;
  let awaitingClose: CodeBlock | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const where = `${file}:${index + 1}`;
    const opened = OPEN_MARKER.exec(line.trim());
    if (opened) {
      if (marker || awaitingClose)
        problems.push(`${where}: a snippet marker opens before the previous one closed`);
      marker = { path: opened[1]!, line: index + 1 };
      continue;
    }
    if (line.trim() === CLOSE_MARKER) {
      if (!awaitingClose) problems.push(`${where}: ${CLOSE_MARKER} without a marked code block before it`);
      awaitingClose = undefined;
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line.trim() !== '') {
        if (marker)
          problems.push(
            `${file}:${marker.line}: the marker for ${marker.path} is not followed by a code block`,
          );
        if (awaitingClose)
          problems.push(`${where}: expected ${CLOSE_MARKER} after the ${awaitingClose.snippet} block`);
        marker = undefined;
        awaitingClose = undefined;
      }
      continue;
    }
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !/^ {0,3}```\s*$/.test(lines[index]!); index++)
      body.push(lines[index]!);
    if (index >= lines.length) problems.push(`${file}:${start + 1}: a code block is never closed`);
    const block: CodeBlock = { file, line: start + 1, language: fence[1]!, body: body.join('\n') };
    if (marker) block.snippet = marker.path;
    blocks.push(block);
    awaitingClose = marker ? block : undefined;
    marker = undefined;
  }
  if (marker)
    problems.push(`${file}:${marker.line}: the marker for ${marker.path} is not followed by a code block`);
  if (awaitingClose)
    problems.push(`${file}: the ${awaitingClose.snippet} block is never followed by ${CLOSE_MARKER}`);
  return blocks;
}

const problems: string[] = [];
const blocks = markdownFiles.flatMap((file) => parse(file, problems));
const marked = blocks.filter((block) => block.snippet !== undefined);

describe('code in README.md and docs/ is compiled, tested and in sync', () => {
  it('has well-formed snippet markers', () => {
    expect(problems).toStrictEqual([]);
  });

  it('embeds snippets in every guide and in the README', () => {
    const withSnippets = new Set(marked.map((block) => block.file));
    expect(markdownFiles.filter((file) => !withSnippets.has(file))).toStrictEqual([]);
  });

  it('marks every code block except shell commands', () => {
    const loose = blocks
      .filter((block) => block.snippet === undefined && !SHELL_LANGUAGES.has(block.language))
      .map((block) => `${block.file}:${block.line} (\`\`\`${block.language})`);
    expect(loose).toStrictEqual([]);
  });

  it.each(marked.map((block) => [`${block.file}:${block.line} ${block.snippet}`, block] as const))(
    '%s matches its file',
    (_where, block) => {
      const path = join(SNIPPETS, block.snippet!);
      expect(existsSync(path)).toBe(true);
      expect(block.language).toBe(LANGUAGE_OF[extname(path)]);
      expect(block.body).toBe(readFileSync(path, 'utf8').replace(/\n$/, ''));
    },
  );

  it('runs every snippet file from a spec in test/docs (directly or through another snippet)', () => {
    const specs = walk(join('test', 'docs'), (path) => path.endsWith('.ts'));
    const reached = new Set<string>();
    const visit = (file: string) => {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
        normalize(join(dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
      );
      // JSON snippets are read by path (`snippetJson('schemas/x.json')`, or a path in a test table).
      const json = [...text.matchAll(/'([\w./-]+\.json)'/g)]
        .map((match) => normalize(join(SNIPPETS, match[1]!)))
        .filter((path) => existsSync(path));
      for (const target of [...imports, ...json]) {
        if (!target.startsWith(SNIPPETS) || reached.has(target)) continue;
        reached.add(target);
        if (target.endsWith('.ts') && existsSync(target)) visit(target);
      }
    };
    specs.forEach(visit);
    expect(
      snippetFiles.filter((file) => !reached.has(normalize(file))).map((file) => relative(SNIPPETS, file)),
    ).toStrictEqual([]);
  });

  it('links every guide and every sample from the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    const guides = walk('docs', (path) => path.endsWith('.md'));
    const samples = readdirSync('samples', { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && existsSync(join('samples', entry.name, 'package.json')),
    );
    const missing = [
      ...guides.filter((guide) => !readme.includes(`](${guide})`)),
      ...samples
        .map((entry) => `samples/${entry.name}`)
        .filter((sample) => !readme.includes(`](${sample})`) && !readme.includes(`](${sample}/)`)),
    ];
    expect(missing).toStrictEqual([]);
  });
});
