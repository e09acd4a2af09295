import { TerminalStyle } from '../shared/terminal-style.js';
import { formatToolResult } from './tool-result.formatter.js';

describe('formatToolResult', () => {
  const plain = TerminalStyle.plain();

  it('prints text plainly and structuredContent as JSON', () => {
    expect(
      formatToolResult(
        { content: [{ type: 'text', text: 'Booked.\nSee you!' }], structuredContent: { table: 4 } },
        plain,
      ),
    ).toStrictEqual(['Booked.', 'See you!', 'structuredContent:', '{', '  "table": 4', '}']);
  });

  it('summarises non-text blocks on one line', () => {
    expect(
      formatToolResult(
        {
          content: [
            { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'inside' } },
            { type: 'resource', resource: { uri: 'test://b', blob: 'AAAA' } },
            { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
            { type: 'other', x: 1 },
          ],
        },
        plain,
      ),
    ).toStrictEqual([
      '[image image/png, 5 bytes]',
      '[resource test://r text/plain]',
      'inside',
      '[resource test://b, 3 bytes]',
      '[link file:///a.txt "a"]',
      '{"type":"other","x":1}',
    ]);
  });

  it('heads an error result and paints it red on a terminal', () => {
    expect(
      formatToolResult({ isError: true, content: [{ type: 'text', text: 'Boom' }] }, plain),
    ).toStrictEqual(['The tool returned an error:', 'Boom']);
    const coloured = formatToolResult(
      { isError: true, content: [{ type: 'text', text: 'Boom' }] },
      new TerminalStyle(true),
    );
    expect(coloured[1]).toBe('\u001b[31mBoom\u001b[39m');
  });

  it('says so when a result is empty', () => {
    expect(formatToolResult({ content: [] }, plain)).toStrictEqual(['(empty result)']);
  });
});
