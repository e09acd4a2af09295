import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { bookingTools, LIBRARIES } from './support/standard-schema-booking.app.js';
import type { BookingSchemas } from './support/standard-schema-booking.app.js';
import { connectClient, startHttpApp, textOf } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
const ERAS = [
  ['modern', '2026-07-28'],
  ['legacy', '2025-11-25'],
] as const;

/** The arguments' exact `inputSchema`: each library's converter writes the same one (`$schema` dropped). */
const ARGUMENTS = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    nights: { type: 'integer', minimum: 1, maximum: 14 },
  },
  required: ['city', 'nights'],
};

/** The form exactly as sent: the protocol's keywords only, whatever the library wrote. */
const ROOM = {
  type: 'string',
  title: 'Room',
  oneOf: [
    { const: 'single', title: 'Single room' },
    { const: 'double', title: 'Double room' },
  ],
};
function expectedForm(library: string): Record<string, unknown> {
  // ArkType sorts keys and choices, and its union takes one title for all its branches, so it has none.
  const ark = library.startsWith('arktype');
  return {
    type: 'object',
    properties: {
      room: ark ? { type: 'string', oneOf: [...ROOM.oneOf].reverse() } : ROOM,
      checkIn: { type: 'string', format: 'date' },
      guests: { type: 'integer', minimum: 1, maximum: 4 },
      breakfast: { type: 'boolean', default: false },
      extras: {
        type: 'array',
        items: { type: 'string', enum: ark ? ['parking', 'spa'] : ['spa', 'parking'] },
      },
    },
    required: ark ? ['checkIn', 'extras', 'guests', 'room'] : ['room', 'checkIn', 'guests', 'extras'],
  };
}

const GOOD_ANSWER = { room: 'double', checkIn: '2027-03-14', guests: 2, extras: ['spa'] };

describe.each(LIBRARIES.map((schemas) => [schemas.library, schemas] as const))(
  'Standard Schema tools with %s',
  (library: string, schemas: BookingSchemas) => {
    let app: ElicitorApp;
    let url: string;
    beforeAll(async () => {
      ({ app, url } = await startHttpApp({
        name: 'standard-schema-e2e',
        version: '1.0.0',
        tools: [bookingTools(schemas)],
        forms: [schemas.form],
        logger: quietLogger,
      }));
    });
    afterAll(() => app.close());

    describe.each(ERAS)('on the %s wire (%s)', (era, version) => {
      const asked: Record<string, unknown>[] = [];
      let answers: Record<string, unknown>[] = [];
      let client: Client;
      beforeAll(async () => {
        client = await connectClient(
          'http',
          { url, script: '' },
          {
            era,
            onElicit: (params) => {
              asked.push(params);
              return { action: 'accept', content: answers.shift() ?? GOOD_ANSWER };
            },
          },
        );
      });
      beforeEach(() => {
        asked.length = 0;
        answers = [];
      });
      afterAll(() => client.close());

      it('negotiates the era', () => {
        expect(client.getNegotiatedProtocolVersion()).toBe(version);
      });

      it('lists the exact argument schema the library converts', async () => {
        const { tools } = await client.listTools();
        const book = tools.find((tool) => tool.name === 'book_room')!;
        expect(book.inputSchema).toStrictEqual(ARGUMENTS);
        expect(book.outputSchema).toMatchObject({
          type: 'object',
          properties: { confirmation: { type: 'string' }, nights: { type: 'integer' } },
        });
      });

      it('asks the flat form and hands the typed answer to the tool', async () => {
        const result = await client.callTool({ name: 'book_room', arguments: { city: 'Oslo', nights: 3 } });
        expect(asked).toHaveLength(1);
        expect(asked[0]!.message).toBe('Which room in Oslo?');
        expect(asked[0]!.requestedSchema).toStrictEqual(expectedForm(library));
        expect(result.structuredContent).toStrictEqual({
          confirmation: `double in Oslo from 2027-03-14, 2 guest(s), breakfast false, extras spa`,
          nights: 3,
        });
      });

      it('refuses invalid arguments with -32602 naming the path', async () => {
        const failure = await client
          .callTool({ name: 'book_room', arguments: { city: 'Oslo', nights: 'many' } })
          .then(
            () => undefined,
            (error: { code?: number; message: string }) => error,
          );
        expect(failure?.code).toBe(-32602);
        expect(failure?.message).toMatch(/Invalid arguments: nights \([a-z_]+\): /);
        expect(asked).toHaveLength(0);
      });

      it('asks again when the answer is outside the form', async () => {
        answers = [{ ...GOOD_ANSWER, guests: 9 }];
        const result = await client.callTool({ name: 'book_room', arguments: { city: 'Rome', nights: 1 } });
        expect(asked).toHaveLength(2);
        expect(asked[1]!.message).toMatch(/Your previous answer was not accepted: Invalid answer: guests/);
        expect((result.structuredContent as { confirmation: string }).confirmation).toMatch(
          /^double in Rome/,
        );
      });

      it('checks structuredContent against the output schema', async () => {
        const result = await client.callTool({ name: 'bad_output', arguments: {} });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/bad_output returned structuredContent .*confirmation/);
      });

      if (library.startsWith('zod')) {
        it('checks a refinement the wire cannot carry on the server, and asks again', async () => {
          answers = [{ ...GOOD_ANSWER, room: 'single', guests: 2 }];
          const result = await client.callTool({ name: 'book_room', arguments: { city: 'Bern', nights: 2 } });
          expect(asked).toHaveLength(2);
          expect(asked[1]!.message).toMatch(/guests \(custom\): a single room sleeps one guest/);
          expect(result.isError).toBeFalsy();
        });
      }
    });
  },
);
