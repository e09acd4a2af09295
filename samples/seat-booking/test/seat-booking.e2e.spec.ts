import type { Client } from '@modelcontextprotocol/client';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from 'elicitor';
import { connectHttp, connectStdio, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { textOf } from '../../../test/support/transports.js';
import { SAMPLE_MAIN, startSampleServer } from './sample-server.js';
import type { SampleServer } from './sample-server.js';

const SEAT_MAP = 'ui://seat-booking/seat-map';
const BOARDING_PASS = 'ui://seat-booking/boarding-pass';

/** A host that renders MCP Apps and lets them answer questions (the MCP Inspector, for one). */
const APP_HOST = {
  elicitation: { form: {} },
  extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE], elicitation: {} } },
};
/** Seats 1A, 2B, 2E, 4D, 5C and 6F are sold on every flight of the sample. */
const FREE_SEATS =
  '1B 1C 1D 1E 1F 2A 2C 2D 2F 3A 3B 3C 3D 3E 3F 4A 4B 4C 4E 4F 5A 5B 5D 5E 5F 6A 6B 6C 6D 6E'.split(' ');
/** The flat form every client gets, whether an app renders it or not. */
const SEAT_FORM = {
  type: 'object',
  properties: {
    seat: { type: 'string', description: 'A free seat, e.g. 3C', enum: FREE_SEATS },
  },
  required: ['seat'],
};
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** A client with native forms only. */
const FORMS_ONLY = { elicitation: { form: {} } };

interface Question {
  message: string;
  app: unknown;
  schema: unknown;
}

/** Connects the official client; each question is recorded, then answered by `answer(question, index)`. */
async function connect(
  url: string,
  era: Era,
  capabilities: Record<string, unknown>,
  answer: (question: Question, index: number) => Record<string, unknown>,
): Promise<{ client: Client; asked: Question[] }> {
  const asked: Question[] = [];
  const client = await connectHttp(
    officialClient({
      era,
      capabilities,
      onElicit: (params) => {
        const meta = params._meta as { ui?: { resourceUri?: unknown } } | undefined;
        const question = {
          message: String(params.message),
          app: meta?.ui?.resourceUri,
          schema: params.requestedSchema,
        };
        asked.push(question);
        return answer(question, asked.length - 1);
      },
    }),
    url,
  );
  return { client, asked };
}

const seat = (id: string) => ({ action: 'accept', content: { seat: id } });

describe.each(['modern', 'legacy'] as const)(
  'seat-booking sample on the %s wire (official client)',
  (era) => {
    let server: SampleServer;
    let plainServer: SampleServer;
    let client: Client | undefined;

    beforeAll(async () => {
      [server, plainServer] = await Promise.all([
        startSampleServer(),
        startSampleServer(['--no-app-questions']),
      ]);
    });
    afterAll(async () => {
      await Promise.all([server?.stop(), plainServer?.stop()]);
    });
    afterEach(async () => {
      await client?.close();
      client = undefined;
    });

    it('asks the seat through the seat map, and the seat the app returns books it', async () => {
      const connected = await connect(server.url, era, APP_HOST, () => seat('3C'));
      client = connected.client;
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
      const result = await client.callTool({ name: 'book_seat', arguments: { passenger: 'Ada' } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('Seat 3C on EL 101 is booked for Ada.');
      expect(result.structuredContent).toStrictEqual({ flight: 'EL 101', seat: '3C', passenger: 'Ada' });
      expect(connected.asked).toStrictEqual([
        { message: 'Ada, which seat on EL 101?', app: SEAT_MAP, schema: SEAT_FORM },
      ]);
    });

    it('asks again, still on the seat map, when the app returns a taken seat', async () => {
      const connected = await connect(server.url, era, APP_HOST, (_question, index) =>
        seat(index === 0 ? '2B' : '3C'),
      );
      client = connected.client;
      const result = await client.callTool({
        name: 'book_seat',
        arguments: { passenger: 'Grace', flight: 'EL 202' },
      });
      expect(textOf(result)).toBe('Seat 3C on EL 202 is booked for Grace.');
      expect(connected.asked.map((question) => question.app)).toStrictEqual([SEAT_MAP, SEAT_MAP]);
      expect(connected.asked[1]!.message).toContain('Your previous answer was not accepted');
    });

    it('books nothing when the app declines', async () => {
      const connected = await connect(server.url, era, APP_HOST, () => ({ action: 'decline' }));
      client = connected.client;
      const result = await client.callTool({ name: 'book_seat', arguments: { passenger: 'Ada' } });
      expect(textOf(result)).toBe('No seat booked: you chose to decline.');
      expect(result.structuredContent).toBeUndefined();
    });

    it('serves each app as one self-contained HTML document, and names the boarding pass on the tool', async () => {
      client = (await connect(server.url, era, APP_HOST, () => seat('3C'))).client;
      for (const uri of [SEAT_MAP, BOARDING_PASS]) {
        const { contents } = await client.readResource({ uri });
        expect(contents).toHaveLength(1);
        const [content] = contents as Array<{ mimeType?: string; text?: string }>;
        expect(content!.mimeType).toBe(MCP_APP_MIME_TYPE);
        const html = content!.text!;
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toMatch(/<script>[^]+<\/script>/);
        expect(html).not.toMatch(/<script[^>]*\bsrc=/i);
        expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
      }
      const seatMap = String(
        ((await client.readResource({ uri: SEAT_MAP })).contents[0] as { text: string }).text,
      );
      expect(seatMap).toContain('data-action="confirm"');
      expect(seatMap).toContain('data-action="decline"');
      const { tools } = await client.listTools();
      const bookSeat = tools.find((tool) => tool.name === 'book_seat')!;
      expect(bookSeat._meta).toStrictEqual({ ui: { resourceUri: BOARDING_PASS } });
      expect(Object.keys(bookSeat.inputSchema.properties ?? {}).sort()).toStrictEqual([
        'flight',
        'passenger',
      ]);
    });

    it('asks a client without apps the same question as a native form, which completes the booking', async () => {
      const connected = await connect(server.url, era, FORMS_ONLY, () => seat('3C'));
      client = connected.client;
      const result = await client.callTool({ name: 'book_seat', arguments: { passenger: 'Ada' } });
      expect(textOf(result)).toBe('Seat 3C on EL 101 is booked for Ada.');
      expect(result.structuredContent).toStrictEqual({ flight: 'EL 101', seat: '3C', passenger: 'Ada' });
      expect(connected.asked).toStrictEqual([
        { message: 'Ada, which seat on EL 101?', app: undefined, schema: SEAT_FORM },
      ]);
    });

    it('over stdio (--stdio), books the seat the seat map returns', async () => {
      const asked: unknown[] = [];
      client = await connectStdio(
        officialClient({
          era,
          capabilities: APP_HOST,
          onElicit: (params) => {
            asked.push((params._meta as { ui?: { resourceUri?: unknown } } | undefined)?.ui?.resourceUri);
            return seat('3C');
          },
        }),
        SAMPLE_MAIN,
      );
      const result = await client.callTool({ name: 'book_seat', arguments: { passenger: 'Ada' } });
      expect(textOf(result)).toBe('Seat 3C on EL 101 is booked for Ada.');
      expect(asked).toStrictEqual([SEAT_MAP]);
    });

    it('with --no-app-questions, even a host that renders apps gets the native form', async () => {
      const connected = await connect(plainServer.url, era, APP_HOST, (_question, index) =>
        seat(index === 0 ? '1A' : '3C'),
      );
      client = connected.client;
      expect(client.getServerCapabilities()?.extensions?.[UI_EXTENSION]).toStrictEqual({});
      const result = await client.callTool({ name: 'book_seat', arguments: { passenger: 'Ada' } });
      expect(textOf(result)).toBe('Seat 3C on EL 101 is booked for Ada.');
      expect(connected.asked.map((question) => question.app)).toStrictEqual([undefined, undefined]);
    });
  },
);
