import { describe, expect, it } from '@jest/globals';
import { checkText } from '../cli/client/form/form-field.check.js';
import type { TextFormat } from '../cli/client/form/form-question.types.js';
import { checkJsonValue } from '../schema/json-value.check.js';
import { StringFormatChecks } from './string-formats.js';

/** [format, text, valid]: the server's answer check and the CLI's form agree on every row. */
const CASES: ReadonlyArray<readonly [TextFormat, string, boolean]> = [
  ['email', 'ada@example.com', true],
  ['email', 'ada@mail.example.co.uk', true],
  ['email', 'a@.b.c', false],
  ['email', 'a@b.', false],
  ['email', 'ada@example', false],
  ['email', 'ada lovelace@example.com', false],
  ['uri', 'https://example.com/a?b=c', true],
  ['uri', 'mailto:ada@example.com', true],
  ['uri', 'a:', true],
  ['uri', 'urn:isbn:0451450523', true],
  ['uri', 'example.com', false],
  ['uri', '1http://example.com', false],
  ['uri', 'https://exa mple.com', false],
  ['date', '2024-02-29', true],
  ['date', '2023-02-29', false],
  ['date', '28/07/2026', false],
  ['date-time', '2026-07-28T14:30:00Z', true],
  ['date-time', '2016-12-31T23:59:60Z', true],
  ['date-time', '2026-07-28t14:30:00.25+02:00', true],
  ['date-time', '2026-07-28 14:30:00Z', false],
  ['date-time', '2026-07-28T24:30:00Z', false],
  ['date-time', '2026-07-28T14:30:00+24:00', false],
];

describe('string formats', () => {
  it.each(CASES)('%s %j is valid: %s', (format, text, valid) => {
    expect(StringFormatChecks[format]!(text)).toBe(valid);
  });

  it.each(CASES)('the server and the CLI agree on %s %j', (format, text, valid) => {
    const serverAccepts = checkJsonValue({ type: 'string', format }, text).length === 0;
    const cliAccepts =
      checkText({ kind: 'text', name: 'f', label: 'f', required: true, format }, text) === undefined;
    expect([serverAccepts, cliAccepts]).toStrictEqual([valid, valid]);
  });

  it('lets a format it does not know pass', () => {
    expect(checkJsonValue({ type: 'string', format: 'hostname' }, 'not checked')).toStrictEqual([]);
  });
});
