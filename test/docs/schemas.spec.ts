import 'reflect-metadata';
import { SchemaDefinitionError, buildFormSchema, buildInputSchema, buildStandardForm } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { ChoicesForm } from '../../docs/snippets/schemas/choices.form.js';
import { rsvpQuestion } from '../../docs/snippets/schemas/inline.question.js';
import { PreferencesForm } from '../../docs/snippets/schemas/preferences.form.js';
import { ProfileForm } from '../../docs/snippets/schemas/profile.form.js';
import * as rejected from '../../docs/snippets/schemas/rejected.forms.js';
import { SearchArgs } from '../../docs/snippets/schemas/search.args.js';
import { ShorthandForm } from '../../docs/snippets/schemas/shorthand.form.js';
import { ArkTypeRoomForm, ValibotRoomForm } from '../../docs/snippets/schemas/other-libraries.forms.js';
import { BookingTools, RoomForm } from '../../docs/snippets/schemas/zod-booking.tools.js';
import { sameJson, snippetJson } from './support/snippet-files.js';

describe('Schemas guide: the exact JSON each class produces', () => {
  it.each([
    ['ProfileForm', ProfileForm, 'schemas/profile.schema.json'],
    ['ChoicesForm', ChoicesForm, 'schemas/choices.schema.json'],
    ['ShorthandForm', ShorthandForm, 'schemas/shorthand.schema.json'],
    ['PreferencesForm', PreferencesForm, 'schemas/preferences.schema.json'],
  ])('%s', (_name, form, json) => {
    sameJson(buildFormSchema(form), snippetJson(json));
  });

  it('the inline question', () => {
    sameJson(rsvpQuestion.toWire(), snippetJson('schemas/rsvp.params.json'));
  });

  it('tool arguments', () => {
    sameJson(buildInputSchema(SearchArgs), snippetJson('schemas/search.input-schema.json'));
  });
});

describe('Schemas guide: what is rejected and why', () => {
  const messages = snippetJson<Record<string, string>>('schemas/rejections.json');

  it.each(Object.keys(messages))('%s', (name) => {
    const form = (rejected as Record<string, unknown>)[name] as new () => object;
    let failure: unknown;
    try {
      buildFormSchema(form);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SchemaDefinitionError);
    expect((failure as SchemaDefinitionError).message).toBe(messages[name]);
  });

  it('covers every rejected class of the snippet', () => {
    const classes = Object.entries(rejected).filter(
      ([name, value]) => typeof value === 'function' && name !== 'Address',
    );
    expect(classes.map(([name]) => name).sort()).toStrictEqual(Object.keys(messages).sort());
  });

  it('refuses, on every Elicitor.create, an app whose code names a refused form', async () => {
    @Tools()
    class Asker {
      @Tool({ description: 'Asks with a bad form' })
      async ask(@Ctx() ctx: Context): Promise<string> {
        await ctx.elicit('q', ElicitRequestParams.form('?').withSchema(rejected.PatternForm));
        return 'unreachable';
      }
    }
    for (let app = 0; app < 2; app++) {
      await expect(TestClient.create({ tools: [Asker] })).rejects.toThrow(messages.PatternForm);
    }
  });

  it('reports a form no code of the app names when the form is first built, i.e. the first time a handler asks it', async () => {
    @Tools()
    class Asker {
      @Tool({ description: 'Asks with a form it does not name' })
      async ask(@Ctx() ctx: Context): Promise<string> {
        await ctx.elicit('q', ElicitRequestParams.form('?').withSchema(formFromElsewhere()));
        return 'unreachable';
      }
    }
    const errors: string[] = [];
    const client = await TestClient.create({
      tools: [Asker],
      logger: { info() {}, warn() {}, error: (m, e) => errors.push(`${m}: ${(e as Error).message}`) },
    });
    const run = await client.callTool('ask');
    expect(run.result?.isError).toBe(true);
    expect(errors.join('\n')).toContain(messages.PatternForm);
    await client.close();
  });
});

/** A form reached through a plain function, as a lazy `import()` would give it: no class names it. */
function formFromElsewhere(): typeof rejected.PatternForm {
  return rejected.PatternForm;
}

describe('Schemas guide: answers come back as validated instances', () => {
  @Tools()
  class ProfileTools {
    @Tool({ description: 'Asks for a profile' })
    async profile(@Ctx() ctx: Context): Promise<string> {
      const answer = await ctx.elicit(
        'profile',
        ElicitRequestParams.form('Profile?').withSchema(ProfileForm),
      );
      const form = answer.content()!;
      return [
        form instanceof ProfileForm,
        form.birthday instanceof Date,
        form.birthday.getUTCFullYear(),
        form.newsletter,
      ].join(' ');
    }

    @Tool({ description: 'Asks for preferences' })
    async preferences(@Ctx() ctx: Context): Promise<string> {
      const form = (
        await ctx.elicit('prefs', ElicitRequestParams.form('Prefs?').withSchema(PreferencesForm))
      ).content()!;
      return `${form.nickname} ${form.volume} ${form.language} ${form.terms}`;
    }
  }

  const profile = {
    name: 'Ada',
    email: 'ada@example.com',
    website: 'https://ada.example.com',
    birthday: '1815-12-10',
    memberCode: 'AB1234',
    age: 36,
    rating: 4.5,
  };

  it('fills defaults and converts dates', async () => {
    const client = await TestClient.create({ tools: [ProfileTools] });
    expect((await client.callTool('profile', {}, { answers: { profile: accept(profile) } })).text).toBe(
      'true true 1815 true',
    );
    expect(
      (
        await client.callTool(
          'preferences',
          {},
          { answers: { prefs: accept({ nickname: 'ada', terms: true }) } },
        )
      ).text,
    ).toBe('ada 40 en true');
    await client.close();
  });

  it('checks rules the wire cannot carry (@Matches) on the answer, asking again', async () => {
    const client = await TestClient.create({ tools: [ProfileTools] });
    const run = await client.callTool(
      'profile',
      {},
      {
        answers: { profile: [accept({ ...profile, memberCode: 'abc' }), accept(profile)] },
      },
    );
    expect(run.rounds).toHaveLength(3);
    expect(String(run.rounds[1]!.inputRequests[0]!.params.message)).toMatch(/memberCode/);
    await client.close();
  });
});

describe('Schemas guide: Zod, Valibot and ArkType', () => {
  it('the exact JSON of the Zod tool: arguments, form and output', async () => {
    const client = await TestClient.create({
      name: 'zod-booking',
      version: '1.0.0',
      tools: [BookingTools],
      forms: [RoomForm],
    });
    const listed = await client.request('tools/list');
    const [tool] = (listed.body.result as { tools: Record<string, unknown>[] }).tools;
    sameJson(tool!.inputSchema, snippetJson('schemas/zod-booking.input-schema.json'));
    sameJson(tool!.outputSchema, snippetJson('schemas/zod-booking.output-schema.json'));
    sameJson(buildStandardForm(RoomForm).schema, snippetJson('schemas/zod-room.schema.json'));
    const run = await client.callTool(
      'book_room',
      { city: 'Oslo', nights: 2 },
      { answers: { room: accept({ room: 'double', checkIn: '2027-03-14', guests: 2, extras: [] }) } },
    );
    expect(run.result?.structuredContent).toStrictEqual({ reference: 'double-2027-03-14', nights: 2 });
    await client.close();
  });

  it('Valibot gives the same form; ArkType too, sorted and without the union title', () => {
    const zod = snippetJson<{ properties: Record<string, Record<string, unknown>> }>(
      'schemas/zod-room.schema.json',
    );
    expect(buildStandardForm(ValibotRoomForm).schema).toStrictEqual(zod);
    const { title: _title, ...room } = zod.properties.room!;
    expect(buildStandardForm(ArkTypeRoomForm).schema).toStrictEqual({
      type: 'object',
      properties: {
        ...zod.properties,
        room: { ...room, oneOf: [...(room.oneOf as unknown[])].reverse() },
        extras: { type: 'array', items: { type: 'string', enum: ['parking', 'spa'] } },
      },
      required: ['checkIn', 'extras', 'guests', 'room'],
    });
  });
});
