import { parseAnswersFile } from './answers-file.reader.js';
import { parseElicitationRequest, type ElicitationRequest } from './elicitation-request.reader.js';
import { ScriptedResponder } from './scripted-responder.js';

const contactForm = parseElicitationRequest({
  message: 'Where do we send the receipt?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      copies: { type: 'integer', minimum: 1, default: 1 },
      size: {
        type: 'string',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'l', title: 'Large' },
        ],
      },
    },
    required: ['name', 'email', 'copies'],
  },
});
const confirmForm = parseElicitationRequest({
  message: 'Really delete?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
});
const signIn = parseElicitationRequest({ mode: 'url', message: 'Sign in', url: 'https://id.example.com/x' });

function responder(file: unknown): ScriptedResponder {
  return new ScriptedResponder(parseAnswersFile(file, 'answers.json'));
}

async function answers(subject: ScriptedResponder, requests: ElicitationRequest[]) {
  const replies = [];
  for (const [index, request] of requests.entries()) replies.push(await subject.respond(request, index + 1));
  return replies;
}

describe('ScriptedResponder', () => {
  it('consumes answers in order', async () => {
    const subject = responder([{ action: 'accept', content: { confirm: true } }, { action: 'decline' }]);
    expect(await answers(subject, [confirmForm, confirmForm])).toStrictEqual([
      { answer: { action: 'accept', content: { confirm: true } }, origin: 'answers[0]', warnings: [] },
      { answer: { action: 'decline' }, origin: 'answers[1]', warnings: [] },
    ]);
  });

  it('keeps an entry with `when` for the question it matches, by message or field name', async () => {
    const subject = responder([
      { when: 'email', action: 'accept', content: { name: 'Ada', email: 'ada@example.com', copies: 2 } },
      { when: 'DELETE', action: 'decline' },
    ]);
    const [confirm, contact] = await answers(subject, [confirmForm, contactForm]);
    expect(confirm).toMatchObject({ answer: { action: 'decline' }, origin: 'answers[1]' });
    expect(contact).toMatchObject({ answer: { action: 'accept' }, origin: 'answers[0]', warnings: [] });
  });

  it('fills a form from byField, coercing values and using defaults for missing required fields', async () => {
    const subject = responder({ byField: { name: 'Ada', email: 'ada@example.com', size: 'large' } });
    expect(await subject.respond(contactForm, 1)).toStrictEqual({
      answer: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com', copies: 1, size: 'l' } },
      origin: 'byField',
      warnings: [],
    });
  });

  it('does not use byField for a form whose required fields it cannot cover', async () => {
    const subject = responder({ byField: { name: 'Ada' } });
    expect(await subject.respond(contactForm, 3)).toStrictEqual({
      answer: { action: 'cancel' },
      origin: 'unanswered',
      warnings: [
        'question 3 has no answer (no answers entry is left and byField has no value for email); sent cancel',
      ],
    });
  });

  it('sends byField values it cannot coerce as written, with a warning', async () => {
    const subject = responder({ byField: { name: 'Ada', email: 'nope', copies: 'many' } });
    const reply = await subject.respond(contactForm, 1);
    expect(reply.answer).toStrictEqual({
      action: 'accept',
      content: { name: 'Ada', email: 'nope', copies: 'many' },
    });
    expect(reply.warnings).toStrictEqual([
      'byField.copies: expected a number, got "many"',
      'byField does not fit the form: email: Enter an email address like name@example.com',
      'byField does not fit the form: copies: Expected a number',
    ]);
  });

  it('answers URL questions with `url`, never with content', async () => {
    expect(await responder({ url: 'accept' }).respond(signIn, 1)).toStrictEqual({
      answer: { action: 'accept' },
      origin: 'url',
      warnings: [],
    });
    expect(await responder([{ action: 'accept', content: { x: 1 } }]).respond(signIn, 1)).toStrictEqual({
      answer: { action: 'accept' },
      origin: 'answers[0]',
      warnings: ['answers[0].content is ignored: only an accepted form carries content'],
    });
  });

  it('warns when accepted content does not fit the form but still sends it', async () => {
    const reply = await responder([{ action: 'accept', content: { confirm: 'yes' } }]).respond(
      confirmForm,
      1,
    );
    expect(reply).toStrictEqual({
      answer: { action: 'accept', content: { confirm: 'yes' } },
      origin: 'answers[0]',
      warnings: ['answers[0] does not fit the form: confirm: Expected true or false'],
    });
  });

  it('uses the unanswered action once everything is used up', async () => {
    const subject = responder({
      answers: [{ action: 'accept', content: { confirm: true } }],
      unanswered: 'decline',
    });
    const [, second] = await answers(subject, [confirmForm, confirmForm]);
    expect(second).toStrictEqual({
      answer: { action: 'decline' },
      origin: 'unanswered',
      warnings: ['question 2 has no answer (no answers entry is left); sent decline'],
    });
  });
});
