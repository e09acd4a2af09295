import { TerminalStyle } from '../shared/terminal-style.js';
import { formatServerLine, formatToolList, FORMS_NOTE } from './tool-list.formatter.js';

describe('formatToolList', () => {
  it('lists tools with arguments, descriptions and annotations', () => {
    const lines = formatToolList(
      { name: 'seed-tour', version: '1.0.0', era: 'modern', protocolVersion: '2026-07-28' },
      [
        { name: 'greet', description: 'Greets you', inputSchema: { type: 'object' } },
        {
          name: 'book_table',
          title: 'Book a table',
          inputSchema: {
            type: 'object',
            properties: {
              date: { type: 'string', format: 'date', description: 'Which day' },
              partySize: { type: 'integer', minimum: 1, maximum: 12, default: 2 },
              seating: { enum: ['inside', 'terrace'] },
              tags: { type: 'array', items: { type: 'string' } },
            },
            required: ['date'],
          },
          annotations: { readOnlyHint: false, destructiveHint: true },
        },
      ],
      TerminalStyle.plain(),
    );
    expect(lines).toStrictEqual([
      'seed-tour 1.0.0, modern era (protocol 2026-07-28)',
      '',
      '2 tools',
      '',
      'greet',
      '  Greets you',
      '  arguments: none',
      '',
      'book_table "Book a table"',
      '  arguments:',
      '    date       string (date), required - Which day',
      '    partySize  integer >= 1 <= 12 default 2, optional',
      '    seating    one of "inside" | "terrace", optional',
      '    tags       array of string, optional',
      '  annotations: readOnlyHint=false, destructiveHint=true',
      '',
      FORMS_NOTE,
    ]);
  });

  it('copes with a server that tells little about itself', () => {
    expect(formatServerLine({})).toBe('unnamed server');
    expect(formatToolList({}, [], TerminalStyle.plain())[2]).toBe('0 tools');
  });
});
