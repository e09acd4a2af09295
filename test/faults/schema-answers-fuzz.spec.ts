import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { LIBRARIES, bookingTools } from '../e2e/support/standard-schema-booking.app.js';
import { startHttpApp } from '../support/transports.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  callBody,
  post,
  resultOf,
  type Json,
  type JsonObject,
  expectClientFaultsOnly,
} from './wire-fuzz.support.js';

const quietLogger = { info() {}, warn() {}, error() {} };

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'book_room',
};

/** Mostly right values, some just outside what the schema allows, some of another type altogether. */
const anything = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
const mostly = <T extends Json>(right: fc.Arbitrary<T>, ...wrong: fc.Arbitrary<Json>[]): fc.Arbitrary<Json> =>
  fc.oneof({ weight: 6, arbitrary: right }, ...wrong.map((arbitrary) => ({ weight: 1, arbitrary })));

const argsArbitrary = fc.record(
  {
    city: mostly(fc.constantFrom('Lisbon', 'Kyoto'), fc.constant(''), anything),
    nights: mostly(fc.integer({ min: 1, max: 14 }), fc.constantFrom(0, 15, 2.5, '3'), anything),
  },
  { requiredKeys: ['city', 'nights'] },
);
const roomAnswer = fc.record(
  {
    room: mostly(fc.constantFrom('single', 'double'), fc.constantFrom('suite', 'Single'), anything),
    checkIn: mostly(
      fc.constantFrom('2026-12-24', '2027-01-02'),
      fc.constantFrom('2026-02-30', '2026-13-01', '24/12/2026', '2026-12-24T10:00:00Z'),
      anything,
    ),
    guests: mostly(fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 5, 1.5, 1e21, '2'), anything),
    breakfast: mostly(fc.boolean(), fc.constantFrom('true', 1, null)),
    extras: mostly(
      fc.subarray(['spa', 'parking']),
      fc.array(fc.constantFrom('spa', 'parking', 'gym', '')),
      anything,
    ),
    surplus: anything,
  },
  { requiredKeys: [] },
);
const answerArbitrary = fc.oneof(
  { weight: 6, arbitrary: roomAnswer.map((content) => ({ action: 'accept', content }) as JsonObject) },
  { weight: 1, arbitrary: fc.constantFrom<JsonObject>({ action: 'decline' }, { action: 'cancel' }) },
  { weight: 1, arbitrary: anything },
);

/** The booking the tool confirmed, read back from its text: what reached the handler. */
const CONFIRMATION =
  /^(single|double) in (.*) from (.*), (.*) guest\(s\), breakfast (true|false), extras (.*)$/;

/** `refined`: the form also carries a rule the wire cannot (zod's: a single room sleeps one guest). */
function expectTypedAnswer(confirmation: string, refined: boolean): void {
  const booked = CONFIRMATION.exec(confirmation);
  if (booked === null) throw new Error(`a confirmation the form does not allow: ${confirmation}`);
  const [, room, , checkIn, guests, , extras] = booked;
  expect(checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Number.isInteger(Number(guests)) && Number(guests) >= 1 && Number(guests) <= 4).toBe(true);
  if (refined) expect(room === 'double' || guests === '1').toBe(true);
  expect(extras!.split('+').every((extra) => ['none', 'spa', 'parking'].includes(extra))).toBe(true);
}

/**
 * A tool whose arguments and form are declared with each Standard Schema library, called with generated
 * arguments and answered with generated answers: every reply is a result, a re-ask or an error naming the
 * client's fault, and a booking that completes was made from an answer its schema accepts.
 */
describe.each(LIBRARIES.map((schemas) => [schemas.library, schemas] as const))(
  'generated arguments and answers for a form declared with %s',
  (_library, schemas) => {
    let app: ElicitorApp;
    let url: string;
    beforeAll(async () => {
      ({ app, url } = await startHttpApp({
        name: 'schema-fuzz',
        version: '1',
        tools: [bookingTools(schemas)],
        logger: quietLogger,
      }));
    });
    afterAll(() => app.close());

    const send = async (params: JsonObject) => {
      const sent = JSON.stringify(callBody({ name: 'book_room', ...params }));
      const reply = await post(url, sent, HEADERS);
      expectClientFaultsOnly(reply, sent);
      return resultOf(reply);
    };

    it('books only from answers the schema accepts, and refuses the rest as the client’s fault', async () => {
      await fc.assert(
        fc.asyncProperty(argsArbitrary, answerArbitrary, async (args, answer) => {
          const first = await send({ arguments: args });
          if (first?.resultType !== 'input_required') return;
          const state = first.requestState as string;
          const final = await send({
            arguments: args,
            requestState: state,
            inputResponses: { room: answer },
          });
          if (final?.resultType !== 'complete' || final.isError === true) return;
          const structured = final.structuredContent as { confirmation: string; nights: number };
          if (structured.confirmation !== 'nothing booked')
            expectTypedAnswer(structured.confirmation, schemas.library.startsWith('zod'));
          expect(Number.isInteger(structured.nights) && structured.nights <= 14).toBe(true);
        }),
        { seed: FUZZ_SEED + 6, numRuns: FUZZ_RUNS },
      );
    });
  },
);
