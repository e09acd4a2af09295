import 'reflect-metadata';
import type { ElicitorApp } from 'elicitor';
import { PYTHON_CASES, runPythonClient, textOfOutcome } from '../support/python-client.js';
import type { PythonOutcome, PythonRun, PythonStep } from '../support/python-client.js';
import { SEED_TOUR_VALUES } from './support/seed-tour.answers.js';
import {
  SEED_TOUR_MAIN,
  SEED_TOUR_TOOLS,
  githubConnectRequiredData,
  startSeedTourHttp,
} from './support/seed-tour.app.js';
import { describeWhen } from '../support/test-requirements.js';

/**
 * Every seed-tour tool against the official Python SDK client (`mcp` 2.3.0, the interpreter named by
 * ELICITOR_PYTHON): over Streamable HTTP (app in this process) and over stdio (the built sample as a
 * child of the Python client), on the initialize wire (2025-11-25, the newest the Python client offers)
 * and on 2026-07-28, which the same client reaches with `server/discover`.
 */
const describeWithPython = describeWhen('python');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLOW = 90_000;

const COUNTERS: PythonStep = { read: 'seed-tour://counters' };
const TOUR = {
  greet: { call: 'greet' },
  businessCard: { call: 'generate_business_card' },
  contact: { call: 'collect_contact' },
  contactInvalidFirst: {
    call: 'collect_contact',
    answers: [{ action: 'accept', content: { name: 'Ada', email: 'not-an-email' } }, 'accept'],
  },
  contactDeclined: { call: 'collect_contact', answers: ['decline'] },
  contactCancelled: { call: 'collect_contact', answers: ['cancel'] },
  countersBeforeOrder: COUNTERS,
  order: { call: 'place_order', arguments: { item: 'gadget', quantity: 2 } },
  countersAfterOrder: COUNTERS,
  orderNoAddress: { call: 'place_order', arguments: { item: 'gadget', quantity: 2 }, answers: ['decline'] },
  countersAfterNoAddress: COUNTERS,
  orderNotConfirmed: {
    call: 'place_order',
    arguments: { item: 'gadget', quantity: 2 },
    answers: ['accept', 'decline'],
  },
  countersAfterNotConfirmed: COUNTERS,
  deploy: { call: 'configure_deploy' },
  orderForm: { call: 'order_form' },
  payBill: { call: 'pay_a_bill', arguments: { amount: 5 } },
  github: { call: 'access_github' },
  githubAgain: { call: 'access_github' },
} satisfies Record<string, PythonStep>;
type Label = keyof typeof TOUR;

describeWithPython.each(PYTHON_CASES)(
  'seed-tour with the Python SDK client over %s, mode %s',
  (transport, mode, version) => {
    const legacy = mode === 'legacy';
    let app: ElicitorApp | undefined;
    let run: PythonRun;
    let extras: PythonOutcome[];
    const outcome = {} as Record<Label, PythonOutcome>;

    beforeAll(async () => {
      let target = [process.execPath, SEED_TOUR_MAIN, '--stdio'];
      if (transport === 'http') {
        const started = await startSeedTourHttp();
        app = started.app;
        target = [started.url];
      }
      const labels = Object.keys(TOUR) as Label[];
      // ping and logging/setLevel exist only on the initialize wire.
      const legacyOnly: PythonStep[] = legacy ? [{ ping: true }, { logLevel: 'info' }] : [];
      run = await runPythonClient({
        transport,
        target,
        mode,
        values: SEED_TOUR_VALUES,
        steps: [...labels.map((label) => TOUR[label]), ...legacyOnly],
      });
      labels.forEach((label, index) => (outcome[label] = run.steps[index]!));
      extras = run.steps.slice(labels.length);
    }, SLOW);
    afterAll(() => app?.close());

    const text = (label: Label) => textOfOutcome(outcome[label]);
    const messages = (label: Label) => outcome[label].asked.map((params) => params.message);
    const counters = (label: Label) =>
      JSON.parse((outcome[label].result!.contents as Array<{ text: string }>)[0]!.text) as Record<
        string,
        number
      >;
    const delta = (before: Label, after: Label) => {
      const [from, to] = [counters(before), counters(after)];
      return {
        quotes: to.quotes! - from.quotes!,
        charges: to.charges! - from.charges!,
        receipts: to.receipts! - from.receipts!,
      };
    };

    it(`negotiates ${version} and lists every seed-tour tool`, () => {
      expect(run.protocolVersion).toBe(version);
      expect(run.serverName).toBe('seed-tour');
      expect(run.tools).toStrictEqual(SEED_TOUR_TOOLS);
    });

    it('greet: asks for the name in a form', () => {
      expect(text('greet')).toBe('Hello, Ada Lovelace!');
      expect(outcome.greet.asked).toStrictEqual([
        expect.objectContaining({ mode: 'form', message: 'What is your name?' }),
      ]);
    });

    it('generate_business_card: a validated class-backed form', () => {
      expect(text('businessCard')).toContain('Ada Lovelace (36)');
      expect(text('businessCard')).toContain('ada@example.com');
    });

    it('collect_contact: accept, an invalid answer asked again with the reason, decline, cancel', () => {
      expect(text('contact')).toBe('Thanks Ada Lovelace, we will write to ada@example.com.');
      expect(text('contactInvalidFirst')).toBe('Thanks Ada Lovelace, we will write to ada@example.com.');
      const [first, second] = outcome.contactInvalidFirst.asked;
      expect(outcome.contactInvalidFirst.asked).toHaveLength(2);
      expect(first!.message).toBe('Who should we contact?');
      expect(second!.message).toMatch(
        /^Who should we contact\?\n\nYour previous answer was not accepted: .*email/s,
      );
      expect(text('contactDeclined')).toBe('No problem, we will not contact you.');
      expect(text('contactCancelled')).toBe('Cancelled: nothing was saved.');
    });

    it('place_order: one quote, one charge, one receipt when completed; no charge when declined', () => {
      expect(text('order')).toMatch(/^Order ch_\d{4} placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/);
      expect(messages('order')).toStrictEqual([
        'Where should we ship 2 × gadget?',
        'The total is $67 including $7 shipping. Place the order?',
      ]);
      expect(delta('countersBeforeOrder', 'countersAfterOrder')).toStrictEqual({
        quotes: 1,
        charges: 1,
        receipts: 1,
      });
      expect(text('orderNoAddress')).toBe('Order cancelled: no shipping address.');
      expect(delta('countersAfterOrder', 'countersAfterNoAddress')).toStrictEqual({
        quotes: 1,
        charges: 0,
        receipts: 0,
      });
      expect(text('orderNotConfirmed')).toBe('Order not placed.');
      expect(delta('countersAfterNoAddress', 'countersAfterNotConfirmed')).toStrictEqual({
        quotes: 1,
        charges: 0,
        receipts: 0,
      });
    });

    it('configure_deploy: defaults and titled enums', () => {
      expect(text('deploy')).toBe('Deploying 2 replica(s) to prod.');
      const schema = outcome.deploy.asked[0]!.requestedSchema as { properties: Record<string, unknown> };
      expect(schema.properties.replicas).toMatchObject({ type: 'integer', default: 3 });
      expect(schema.properties.environment).toMatchObject({
        oneOf: [
          { const: 'dev', title: 'Development' },
          { const: 'staging', title: 'Staging' },
          { const: 'prod', title: 'Production' },
        ],
      });
    });

    it('order_form: a titled single select and a multi-select', () => {
      expect(text('orderForm')).toBe('A L pizza with cheese, olives.');
      expect(outcome.orderForm.asked[0]!.requestedSchema).toMatchObject({
        properties: { toppings: { type: 'array' } },
      });
    });

    it('pay_a_bill: URL mode', () => {
      expect(text('payBill')).toBe('Payment of $5 started on the payment page.');
      expect(outcome.payBill.asked).toStrictEqual([
        {
          mode: 'url',
          url: 'https://pay.example.com/checkout?amount=5',
          message: 'Pay $5 on the secure payment page',
          ...(legacy ? { elicitationId: expect.stringMatching(UUID) } : {}),
        },
      ]);
    });

    if (legacy) {
      it('access_github: -32042 with data.elicitations first, then the retry succeeds', () => {
        expect(outcome.github.error).toStrictEqual({
          code: -32042,
          message: expect.any(String),
          data: githubConnectRequiredData(),
        });
        expect(text('githubAgain')).toBe('Repositories of anonymous: elicitor, seed-tour');
      });

      it('ping and logging/setLevel', () => {
        expect(extras).toStrictEqual([
          { result: {}, asked: [], sampled: [], rootsListed: 0 },
          { result: {}, asked: [], sampled: [], rootsListed: 0 },
        ]);
      });
    } else {
      it('access_github: the URL question comes in the input_required round, then the call completes', () => {
        expect(outcome.github.asked).toStrictEqual([
          {
            mode: 'url',
            url: 'https://example.com/connect/github',
            message: 'Connect your GitHub account to continue',
          },
        ]);
        expect(text('github')).toBe('Repositories of anonymous: elicitor, seed-tour');
        expect(text('githubAgain')).toBe('Repositories of anonymous: elicitor, seed-tour');
      });
    }
  },
);
