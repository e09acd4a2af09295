import type { SchematicNames } from '../../generate/schematic-names.builder.js';
import type { SchemaLibrary } from '../../generate/schema-library.types.js';

/**
 * Checks what survives edits to the form rather than its exact schema: it builds, an answer that keeps
 * every rule its schema shows round-trips through a real call, and an answer that breaks one is asked again.
 */
export function formSpecTemplate(names: SchematicNames, library: SchemaLibrary = 'class'): string {
  const form = names.className;
  const builder = library === 'zod' ? 'buildStandardForm' : 'buildFormSchema';
  const built = library === 'zod' ? `buildStandardForm(${form}).schema` : `buildFormSchema(${form})`;
  return `import 'reflect-metadata';
import { Ctx, ElicitRequestParams, Tool, Tools, ${builder}, type Context, type FormSchema } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { ${form} } from './${names.kebab}.form.js';

// Values for fields whose rules the schema cannot show (@Matches, custom validators), by field name.
const handWritten: Record<string, unknown> = {};

/** Asks for the form once and returns the validated content it got back, as JSON. */
@Tools()
class ${form}Probe {
  @Tool({ description: 'Asks for ${form}' })
  async ask(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('form', ElicitRequestParams.form('Fill in ${form}').withSchema(${form}));
    return JSON.stringify(asAnswered(answer.content()));
  }
}

/** The content as the person typed it: a \`Date\` field back in its field's format ("date" is the day alone). */
function asAnswered(content: object | undefined): Record<string, unknown> | null {
  if (!content) return null;
  const fields = ${built}.properties as Record<string, { format?: string }>;
  return Object.fromEntries(
    Object.entries(content).map(([name, value]) => {
      if (!(value instanceof Date)) return [name, value];
      const iso = value.toISOString();
      return [name, fields[name]?.format === 'date' ? iso.slice(0, 10) : iso];
    }),
  );
}

type FieldRules = {
  type: string;
  enum?: string[];
  oneOf?: Array<{ const: string }>;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: { enum?: string[]; anyOf?: Array<{ const: string }> };
};

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'ada@example.com',
  uri: 'https://example.com/',
  date: '2026-01-31',
  'date-time': '2026-01-31T12:00:00.000Z', // as a Date field's toISOString() writes it back
};

/** One value per field, within the rules the form's JSON schema shows. */
function answerWithin(form: FormSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(form.properties).map(([name, field]) => [name, valueWithin(field as FieldRules)]),
  );
}

function valueWithin(field: FieldRules): unknown {
  const choices = field.enum ?? field.oneOf?.map((option) => option.const);
  if (choices) return choices[0];
  switch (field.type) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return field.minimum !== undefined ? Math.ceil(field.minimum) : Math.min(1, field.maximum ?? 1);
    case 'array': {
      const options = field.items?.enum ?? field.items?.anyOf?.map((option) => option.const) ?? [];
      return options.slice(0, Math.max(1, field.minItems ?? 1));
    }
    default:
      return FORMAT_SAMPLES[field.format ?? ''] ?? 'x'.repeat(Math.max(1, field.minLength ?? 1));
  }
}

describe('${form}', () => {
  const schema = ${built};
  const answer = { ...answerWithin(schema), ...handWritten };
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create({ tools: [${form}Probe] });
  });

  afterEach(() => client.close());

  it('builds a flat form whose required fields are among its fields', () => {
    expect(Object.keys(schema.properties).length).toBeGreaterThan(0);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(schema.required ?? []));
  });

  it('hands a tool back an answer that keeps every rule of the form', async () => {
    const run = await client.callTool('ask', {}, { answers: { form: accept(answer) } });

    expect(run.rounds).toHaveLength(2);
    expect(JSON.parse(run.text)).toEqual(answer);
  });

  it('asks again when a field holds a value of another type', async () => {
    const [field] = Object.keys(schema.properties) as [string];
    const broken = { ...answer, [field]: typeof answer[field] === 'string' ? 42 : 'text' };
    const run = await client.callTool('ask', {}, { answers: { form: [accept(broken), accept(answer)] } });

    expect(run.rounds).toHaveLength(3);
    expect(run.rounds[1]!.inputRequests[0]!.params.message).toContain('Your previous answer was not accepted');
    expect(JSON.parse(run.text)).toEqual(answer);
  });
});
`;
}
