import 'reflect-metadata';
import fc from 'fast-check';
import { Context, Ctx, ElicitRequestParams, Tool, Tools, type ElicitorApp } from 'elicitor';
import { ProfileForm } from '../../docs/snippets/schemas/profile.form.js';
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

/** What reached the handler: the answer as the class instance Elicitor built, described field by field. */
@Tools()
class ProfileTools {
  @Tool({ description: 'Asks for a profile and describes what it received' })
  async profile(@Ctx() ctx: Context) {
    const answer = await ctx.elicit(
      'profile',
      ElicitRequestParams.form('Your profile').withSchema(ProfileForm),
    );
    const profile = answer.content();
    if (!profile) return 'no profile';
    return JSON.stringify({
      instance: profile instanceof ProfileForm,
      ...profile,
      birthday: profile.birthday instanceof Date ? { date: profile.birthday.getTime() } : profile.birthday,
    });
  }
}

const anything = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
const mostly = (right: fc.Arbitrary<Json>, ...wrong: fc.Arbitrary<Json>[]): fc.Arbitrary<Json> =>
  fc.oneof({ weight: 6, arbitrary: right }, ...wrong.map((arbitrary) => ({ weight: 1, arbitrary })));

const profileAnswer = fc.record(
  {
    name: mostly(fc.constantFrom('Ada Lovelace', 'A'), fc.constantFrom('', 'x'.repeat(81)), anything),
    email: mostly(fc.constantFrom('ada@example.com'), fc.constantFrom('ada@', 'not an email'), anything),
    website: mostly(
      fc.constantFrom('https://example.com'),
      fc.constantFrom('example', 'javascript:alert(1)'),
    ),
    birthday: mostly(fc.constantFrom('1815-12-10', '2000-02-29'), fc.constantFrom('1815-13-10', 'yesterday')),
    memberCode: mostly(fc.constantFrom('AB1234'), fc.constantFrom('ab1234', 'AB12345', 'AB123'), anything),
    age: mostly(fc.integer({ min: 0, max: 150 }), fc.constantFrom(-1, 151, 36.5, '36'), anything),
    rating: mostly(fc.double({ min: 0.5, max: 5, noNaN: true }), fc.constantFrom(0, 5.5, '4')),
    newsletter: mostly(fc.boolean(), fc.constantFrom('yes', 0, null)),
    surplus: anything,
  },
  { requiredKeys: [] },
);

/** Every field of the instance keeps the rules its class declares. */
function expectValidProfile(text: string): void {
  const profile = JSON.parse(text) as Record<string, unknown>;
  expect(profile.instance).toBe(true);
  expect(typeof profile.name === 'string' && profile.name.length >= 1 && profile.name.length <= 80).toBe(
    true,
  );
  expect(profile.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
  expect(profile.memberCode).toMatch(/^[A-Z]{2}\d{4}$/);
  expect(
    Number.isInteger(profile.age) && (profile.age as number) >= 0 && (profile.age as number) <= 150,
  ).toBe(true);
  expect(typeof profile.rating === 'number' && profile.rating >= 0.5 && profile.rating <= 5).toBe(true);
  expect(Number.isFinite((profile.birthday as { date?: unknown } | undefined)?.date)).toBe(true);
  expect(profile).not.toHaveProperty('surplus');
}

/**
 * A class form with class-validator rules, answered with generated answers over HTTP: every reply is a
 * result, a re-ask or an error naming the client's fault, and the instance that reaches the handler keeps
 * every rule of its class, with nothing the form does not have.
 */
describe('generated answers to a class-validator form', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'class-fuzz',
      version: '1',
      tools: [ProfileTools],
      logger: { info() {}, warn() {}, error() {} },
    }));
  });
  afterAll(() => app.close());

  const send = async (params: JsonObject) => {
    const sent = JSON.stringify(callBody({ name: 'profile', arguments: {}, ...params }));
    const reply = await post(url, sent, {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'profile',
    });
    expectClientFaultsOnly(reply, sent);
    return resultOf(reply);
  };

  it('hands the handler only instances that keep their rules, and refuses the rest as the client’s fault', async () => {
    await fc.assert(
      fc.asyncProperty(profileAnswer, async (content) => {
        const first = await send({});
        const requestState = first!.requestState as string;
        const final = await send({
          requestState,
          inputResponses: { profile: { action: 'accept', content } },
        });
        if (final?.resultType !== 'complete' || final.isError === true) return;
        const text = (final.content as Array<{ text: string }>)[0]!.text;
        if (text !== 'no profile') expectValidProfile(text);
      }),
      { seed: FUZZ_SEED + 7, numRuns: FUZZ_RUNS },
    );
  });
});
