import 'reflect-metadata';
import { IsEmail, IsInt, Length, Max, Min, MinDate } from 'class-validator';
import type { Client } from '@modelcontextprotocol/client';
import {
  Context,
  Ctx,
  Elicitor,
  ElicitRequestParams,
  ElicitSchema,
  Field,
  Tool,
  Tools,
} from '../../src/index.js';
import type { ElicitorApp } from '../../src/index.js';
import { MemoryStateStore, TestClient, accept, testKeyring } from '../../src/testing/index.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { ClientSetup } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

/**
 * An answer refused for some fields is asked again with the fields the person got right filled in as
 * defaults, and only those: the official client over HTTP, on the 2026-07-28 wire (input_required), and
 * pushed on 2025-11-25 and 2025-06-18 (which has no defaults but on booleans).
 */
@ElicitSchema()
class Booking {
  @Field({ title: 'Name' }) @Length(1, 40) name!: string;
  @Field({ title: 'Email' }) @IsEmail() email!: string;
  @Field({ title: 'Departure', format: 'date' }) @MinDate(() => new Date('2026-01-01')) departure!: Date;
  @Field({ title: 'Guests' }) @IsInt() @Min(1) @Max(8) guests!: number;
  @Field({ title: 'Nights', default: 1 }) @IsInt() @Min(1) @Max(14) nights!: number;
  @Field({ title: 'Newsletter' }) newsletter!: boolean;
  @Field({ title: 'Extras', enum: ['breakfast', 'parking', 'late-checkout'], multiple: true })
  extras!: string[];
}

@Tools()
class BookingTools {
  @Tool({ description: 'Books a stay, asking who and when' })
  async book(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('booking', ElicitRequestParams.form('Your booking').withSchema(Booking));
    const booking = answer.content();
    if (!booking) return 'No booking.';
    return `${booking.name} <${booking.email}>, ${booking.departure.toISOString().slice(0, 10)}, ${booking.guests} guests, ${booking.nights} nights, newsletter ${booking.newsletter}, extras ${booking.extras.join('+')}`;
  }
}

/** Right about name, guests, newsletter and extras; wrong about email, departure and nights. */
const FIRST = {
  name: 'Ada',
  email: 'ada-at-example',
  departure: '2025-12-24',
  guests: 3,
  nights: 0,
  newsletter: false,
  extras: ['breakfast', 'parking'],
};
const FIXES = { email: 'ada@example.com', departure: '2026-02-14', nights: 2 };
const BOOKED =
  'Ada <ada@example.com>, 2026-02-14, 3 guests, 2 nights, newsletter false, extras breakfast+parking';

type Property = { default?: unknown };
type Asked = { message: string; requestedSchema: { properties: Record<string, Property> } };

/** The `default` of each property that has one. */
function defaultsOf(asked: Asked): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(asked.requestedSchema.properties)
      .filter(([, property]) => property.default !== undefined)
      .map(([name, property]) => [name, property.default]),
  );
}

/** The answer a person who only fixes the refused fields gives: each default kept, the fixes typed in. */
function keepDefaultsAndFix(asked: Asked, fixes: Record<string, unknown>): Record<string, unknown> {
  return { ...defaultsOf(asked), ...fixes };
}

describe('a form asked again keeps the fields that were right', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'prefill',
      version: '1.0.0',
      tools: [BookingTools],
      store: new MemoryStateStore(),
      requestState: { keys: testKeyring() },
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    url = (await app.listen({ http: { port: 0 } })).url!;
  });
  afterAll(() => app.close());

  async function bookWith(
    setup: Omit<ClientSetup, 'onElicit'>,
    second: (asked: Asked) => Record<string, unknown>,
    first: Record<string, unknown> = FIRST,
  ) {
    const asked: Asked[] = [];
    const client: Client = await connectHttp(
      officialClient({
        ...setup,
        onElicit: (params) => {
          asked.push(params as unknown as Asked);
          const content = asked.length === 1 ? first : second(asked[1]!);
          return { action: 'accept', content };
        },
      }),
      url,
    );
    try {
      const result = await client.callTool({ name: 'book', arguments: {} });
      return { asked, text: textOf(result) };
    } finally {
      await client.close();
    }
  }

  const REFUSED =
    'Your previous answer was not accepted: Invalid answer: email (isEmail): email must be an email; departure (minDate): minimal allowed date for departure is 2026-01-01; nights (min): nights must not be less than 1';

  it.each([
    ['2026-07-28, input_required', { era: 'modern' }],
    ['2025-11-25, pushed', { era: 'legacy', legacyVersion: '2025-11-25' }],
  ] as const)(
    'on %s: the valid fields come back as defaults, a refused one keeps its own',
    async (_, setup) => {
      const { asked, text } = await bookWith(setup, (again) => keepDefaultsAndFix(again, FIXES));

      expect(asked).toHaveLength(2);
      expect(defaultsOf(asked[0]!)).toStrictEqual({ nights: 1 });
      expect(asked[1]!.message).toBe(`Your booking\n\n${REFUSED}`);
      expect(defaultsOf(asked[1]!)).toStrictEqual({
        name: 'Ada',
        guests: 3,
        nights: 1,
        newsletter: false,
        extras: ['breakfast', 'parking'],
      });
      // Nothing but the defaults changed: the same fields, in the same order, with the same rules.
      const withoutDefaults = (form: Asked) =>
        Object.fromEntries(
          Object.entries(form.requestedSchema.properties).map(([name, { default: _default, ...rest }]) => [
            name,
            rest,
          ]),
        );
      expect(withoutDefaults(asked[1]!)).toStrictEqual(withoutDefaults(asked[0]!));
      expect(text).toBe(BOOKED);
    },
  );

  it('on 2025-06-18, pushed: only booleans carry defaults there, a multi-select as its ticked options', async () => {
    // 2025-06-18 has no arrays: the extras are one checkbox per option, extras__0 to extras__2.
    const { extras: _extras, ...rest } = FIRST;
    const ticks = { extras__0: true, extras__1: true, extras__2: false };
    const { asked, text } = await bookWith(
      { era: 'legacy', legacyVersion: '2025-06-18' },
      (again) => ({ ...keepDefaultsAndFix(again, FIXES), name: 'Ada', guests: 3 }),
      { ...rest, ...ticks },
    );

    expect(asked).toHaveLength(2);
    expect(defaultsOf(asked[0]!)).toStrictEqual({
      extras__0: false,
      extras__1: false,
      extras__2: false,
    });
    expect(asked[1]!.message).toBe(`Your booking\n\n${REFUSED}`);
    expect(defaultsOf(asked[1]!)).toStrictEqual({ newsletter: false, ...ticks });
    expect(text).toBe(BOOKED);
  });

  it('keeps the question under its key on 2026-07-28: a re-ask, then the answer settles it', async () => {
    const transcript = await TestClient.forUrl(url).callTool(
      'book',
      {},
      { answers: { booking: [accept(FIRST), accept({ ...FIRST, ...FIXES })] } },
    );

    expect(transcript.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual(
      [['booking'], ['booking'], []],
    );
    expect(defaultsOf(transcript.rounds[1]!.inputRequests[0]!.params as unknown as Asked)).toMatchObject({
      name: 'Ada',
    });
    expect(transcript.text).toBe(BOOKED);
  });
});
