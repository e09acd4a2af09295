import { TerminalStyle } from '../../shared/terminal-style.js';
import { parseElicitationRequest } from './elicitation-request.reader.js';
import { formatElicitationTranscript } from './elicitation-transcript.formatter.js';

const plain = TerminalStyle.plain();

describe('formatElicitationTranscript', () => {
  it('prints a form question, its fields and the answer', () => {
    const request = parseElicitationRequest({
      message: 'What is your name?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 } },
        required: ['name'],
      },
    });
    expect(
      formatElicitationTranscript(
        1,
        request,
        { answer: { action: 'accept', content: { name: 'Ada' } }, origin: 'answers[0]', warnings: [] },
        plain,
      ),
    ).toStrictEqual([
      '[1] form: What is your name?',
      '    name: text, >= 1 chars, required',
      '    -> accept {"name":"Ada"}  (answers[0])',
    ]);
  });

  it('prints the URL, its domain and any warnings for a URL question', () => {
    const request = parseElicitationRequest({
      mode: 'url',
      message: 'Pay here',
      url: 'http://pay.example.com/p?id=7',
    });
    expect(
      formatElicitationTranscript(2, request, { answer: { action: 'decline' }, warnings: ['note'] }, plain),
    ).toStrictEqual([
      '[2] url: Pay here',
      '    url: http://pay.example.com/p?id=7',
      '    domain: pay.example.com',
      '    warning: not HTTPS: the page is not encrypted',
      '    -> decline',
      '    warning: note',
    ]);
  });
});
