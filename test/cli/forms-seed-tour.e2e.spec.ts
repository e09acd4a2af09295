import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `elicitor forms` against the built seed-tour sample: the CLI loads the app module in a child
 * process through `elicitor/forms` and prints every form with the exact schema it sends.
 * Needs `npm run build` (the CLI and the sample's dist/).
 */
const CLI = 'dist/cli/main.js';
const SEED_TOUR_MODULE = 'samples/seed-tour/dist/seed-tour.module.js';

function forms(...args: string[]): string {
  return execFileSync(process.execPath, [CLI, 'forms', '--app', SEED_TOUR_MODULE, ...args], {
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

function failure(...args: string[]): { status: number | null; stderr: string } {
  try {
    execFileSync(process.execPath, [CLI, 'forms', ...args], { encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, stderr: '' };
  } catch (error) {
    const failed = error as { status: number | null; stderr: string };
    return { status: failed.status, stderr: failed.stderr };
  }
}

const ORDER_FORM = {
  name: 'OrderForm',
  schema: {
    type: 'object',
    properties: {
      size: {
        type: 'string',
        title: 'Size',
        oneOf: [
          { const: 'S', title: 'Small' },
          { const: 'M', title: 'Medium' },
          { const: 'L', title: 'Large' },
        ],
        default: 'M',
      },
      toppings: {
        type: 'array',
        title: 'Toppings',
        items: { type: 'string', enum: ['cheese', 'mushrooms', 'olives', 'peppers'] },
        minItems: 1,
        maxItems: 3,
      },
    },
    required: ['toppings'],
  },
};

const ORDER_FORM_MARKDOWN = `## \`OrderForm\`

- size "Size": one of Small | Medium | Large, optional
- toppings "Toppings": any of cheese | mushrooms | olives | peppers, 1..3 items, required

\`\`\`json
${JSON.stringify(ORDER_FORM.schema, null, 2)}
\`\`\`
`;

describe('elicitor forms on the seed-tour sample', () => {
  it('prints JSON: the app, then the listed forms, then the other forms it loads, with exact schemas', () => {
    const listing = JSON.parse(forms('--json')) as {
      app: unknown;
      forms: Array<{ name: string; schema: unknown }>;
    };
    expect(listing.app).toStrictEqual({ name: 'seed-tour', version: '0.1.0' });
    expect(listing.forms.map((form) => form.name)).toStrictEqual([
      'Contact',
      'ShippingForm',
      'DeployForm',
      'OrderForm',
      'SeatForm',
      'NameForm',
    ]);
    expect(listing.forms.find((form) => form.name === 'OrderForm')).toStrictEqual(ORDER_FORM);
    expect(listing.forms.find((form) => form.name === 'NameForm')).toStrictEqual({
      name: 'NameForm',
      schema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Your name', minLength: 1, maxLength: 80 } },
        required: ['name'],
      },
    });
  });

  it('prints Markdown: a heading, one line per field and the schema for each form', () => {
    const markdown = forms('--format', 'markdown');
    expect(markdown.startsWith('# Forms of seed-tour 0.1.0\n\n## `Contact`\n')).toBe(true);
    const start = markdown.indexOf('## `OrderForm`');
    const end = markdown.indexOf('## `SeatForm`');
    expect(markdown.slice(start, end)).toBe(`${ORDER_FORM_MARKDOWN}\n`);
  });

  it('writes the listing to a file with --out', () => {
    const directory = mkdtempSync(join(tmpdir(), 'elicitor-forms-'));
    try {
      const target = join(directory, 'docs', 'FORMS.md');
      forms('--markdown', '--out', target);
      expect(readFileSync(target, 'utf8')).toBe(forms('--markdown'));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('prints a summary for the terminal by default', () => {
    const text = forms();
    expect(text).toContain('seed-tour 0.1.0: 6 form(s)');
    expect(text).toContain(
      'OrderForm\n  size "Size": one of Small | Medium | Large, optional\n  toppings "Toppings": any of cheese | mushrooms | olives | peppers, 1..3 items, required\n',
    );
  });

  it('says clearly when the module is missing or exports no app options', () => {
    expect(failure('--app', 'samples/seed-tour/dist/missing.module.js')).toStrictEqual({
      status: 1,
      stderr: expect.stringContaining(
        'samples/seed-tour/dist/missing.module.js does not exist; build the app first',
      ),
    });
    expect(failure('--app', 'samples/seed-tour/dist/forms/order.form.js')).toStrictEqual({
      status: 1,
      stderr: expect.stringContaining(
        'Could not list the forms of the app: the module exports no root @Module class and no app options (an object with name and tools, such as appModule)',
      ),
    });
  });
});
