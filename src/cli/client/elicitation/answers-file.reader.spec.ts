import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnswersFile, readAnswersFile } from './answers-file.reader.js';

describe('parseAnswersFile', () => {
  it('reads the full format', () => {
    const full = {
      answers: [
        { action: 'accept', content: { name: 'Ada' } },
        { action: 'decline', when: 'email' },
      ],
      byField: { email: 'ada@example.com' },
      url: 'accept',
      unanswered: 'decline',
    };
    expect(parseAnswersFile(structuredClone(full), 'a.json')).toStrictEqual(full);
  });

  it('takes a bare array as the answers list and fills the defaults', () => {
    expect(parseAnswersFile([{ action: 'cancel' }], 'a.json')).toStrictEqual({
      answers: [{ action: 'cancel' }],
      byField: {},
      unanswered: 'cancel',
    });
  });

  it.each([
    ['"x"', 'Answers file a.json: expected an object or an array of answers'],
    [
      '{"answer": []}',
      'Answers file a.json: unknown key "answer" (expected answers, byField, url, unanswered)',
    ],
    ['{"answers": {}}', 'Answers file a.json: "answers" must be an array'],
    [
      '{"answers": ["accept"]}',
      'Answers file a.json: answers[0] must be an object like {"action":"accept","content":{...}}',
    ],
    [
      '{"answers": [{"action": "ok"}]}',
      'Answers file a.json: answers[0].action must be "accept", "decline" or "cancel"',
    ],
    [
      '{"answers": [{"action": "accept", "contents": {}}]}',
      'Answers file a.json: answers[0] has an unknown key "contents" (expected action, content, when)',
    ],
    [
      '{"answers": [{"action": "accept", "content": []}]}',
      'Answers file a.json: answers[0].content must be an object',
    ],
    [
      '{"answers": [{"action": "accept", "when": ""}]}',
      'Answers file a.json: answers[0].when must be a non-empty string',
    ],
    ['{"byField": []}', 'Answers file a.json: "byField" must be an object'],
    ['{"url": "yes"}', 'Answers file a.json: "url" must be "accept", "decline" or "cancel"'],
    ['{"unanswered": "accept"}', 'Answers file a.json: "unanswered" must be "cancel" or "decline"'],
  ])('rejects %s', (json, message) => {
    expect(() => parseAnswersFile(JSON.parse(json), 'a.json')).toThrow(message);
  });
});

describe('readAnswersFile', () => {
  it('reads JSON from disk and names the file in errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'elicitor-answers-'));
    writeFileSync(join(dir, 'ok.json'), '{"byField": {"name": "Ada"}}');
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(readAnswersFile(join(dir, 'ok.json')).byField).toStrictEqual({ name: 'Ada' });
    expect(() => readAnswersFile(join(dir, 'bad.json'))).toThrow(/bad\.json is not valid JSON/);
    expect(() => readAnswersFile(join(dir, 'missing.json'))).toThrow(
      /Cannot read the answers file .*missing\.json/,
    );
  });
});
