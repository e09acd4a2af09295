import { splitCommandLine } from './command-line-splitter.js';
import { describeServerTarget, parseServerTarget } from './server-target.reader.js';

describe('parseServerTarget', () => {
  it('takes http and https URLs as Streamable HTTP endpoints', () => {
    const target = parseServerTarget('http://127.0.0.1:3000/mcp');
    expect(target).toStrictEqual({ kind: 'http', url: new URL('http://127.0.0.1:3000/mcp') });
    expect(parseServerTarget('HTTPS://example.com/mcp').kind).toBe('http');
  });

  it('splits anything else into a command and its arguments', () => {
    expect(parseServerTarget('node samples/seed-tour/dist/main.js --stdio')).toStrictEqual({
      kind: 'stdio',
      command: 'node',
      args: ['samples/seed-tour/dist/main.js', '--stdio'],
    });
  });

  it('rejects an empty command and a broken URL', () => {
    expect(() => parseServerTarget('   ')).toThrow('The server is empty');
    expect(() => parseServerTarget('http://')).toThrow('Not a valid server URL: http://');
  });

  it('describes a target for messages', () => {
    expect(describeServerTarget(parseServerTarget('node "my server.js"'))).toBe('node my server.js');
  });
});

describe('splitCommandLine', () => {
  it.each([
    ['node  a.js\t--x', ['node', 'a.js', '--x']],
    [`node "dir with space/a.js" 'it''s'`, ['node', 'dir with space/a.js', 'its']],
    [`echo "a \\"quoted\\" \\\\ word" 'no \\escape'`, ['echo', 'a "quoted" \\ word', 'no \\escape']],
    ['a\\ b c', ['a b', 'c']],
    [`cmd "" ''`, ['cmd', '', '']],
  ])('splits %p', (line, words) => {
    expect(splitCommandLine(line)).toStrictEqual(words);
  });

  it('rejects an unclosed quote', () => {
    expect(() => splitCommandLine(`node "a.js`)).toThrow(
      'Unclosed " quote in the server command: node "a.js',
    );
  });
});
