import { jest } from '@jest/globals';
import { z } from 'zod';
import { Context, Ctx, ElicitRequestParams, Elicitor, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { bookingTools, LIBRARIES } from './support/standard-schema-booking.app.js';
import { connectClient, startHttpApp } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
const NestedForm = z.object({ home: z.object({ city: z.string() }) }).meta({ title: 'HomeForm' });

/** Asks with a form no module lists, which only its first use can find broken. */
@Tools()
class UnlistedFormTools {
  @Tool({ description: 'Asks with a form a flat form cannot be' })
  async askHome(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit('home', ElicitRequestParams.form('Where?').withSchema(NestedForm));
    return 'asked';
  }
}

describe('Standard Schema forms that cannot be asked', () => {
  it('refuses a listed one at startup, naming form and property', async () => {
    await expect(
      Elicitor.create({ name: 'bad', version: '1.0.0', tools: [], forms: [NestedForm], logger: quietLogger }),
    ).rejects.toThrow('HomeForm.home: a nested object cannot be a form field');
  });

  it('answers the first use of an unlisted one with its reason, and logs it naming the tool', async () => {
    const error = jest.fn();
    const client = await TestClient.create({ tools: [UnlistedFormTools], logger: { ...quietLogger, error } });
    const run = await client.callTool('ask_home', {});
    expect(run.result?.isError).toBe(true);
    expect(run.text).toBe(
      "This tool's form cannot be asked: HomeForm.home: a nested object cannot be a form field",
    );
    expect(error).toHaveBeenCalledWith(
      'tool ask_home failed',
      expect.objectContaining({ className: 'HomeForm' }),
    );
    await client.close();
  });
});

describe('a Standard Schema form on the 2025-06-18 wire', () => {
  const zod = LIBRARIES.find((schemas) => schemas.library === 'zod 4.6')!;
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'standard-schema-2025-06-18',
      version: '1.0.0',
      tools: [bookingTools(zod)],
      logger: quietLogger,
    }));
  });
  afterAll(() => app.close());

  it('is lowered as a class form is, and the typed answer reaches the tool', async () => {
    const asked: Record<string, unknown>[] = [];
    const client = await connectClient(
      'http',
      { url, script: '' },
      {
        era: 'legacy',
        legacyVersion: '2025-06-18',
        onElicit: (params) => {
          asked.push(params);
          return {
            action: 'accept',
            content: { room: 'double', checkIn: '2027-03-14', guests: 2, extras__0: false, extras__1: true },
          };
        },
      },
    );
    const result = await client.callTool({ name: 'book_room', arguments: { city: 'Oslo', nights: 3 } });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.requestedSchema).toStrictEqual({
      type: 'object',
      properties: {
        room: {
          type: 'string',
          title: 'Room',
          enum: ['single', 'double'],
          enumNames: ['Single room', 'Double room'],
        },
        checkIn: { type: 'string', format: 'date' },
        guests: { type: 'integer', minimum: 1, maximum: 4 },
        breakfast: { type: 'boolean', default: false },
        extras__0: { type: 'boolean', title: 'spa', default: false },
        extras__1: { type: 'boolean', title: 'parking', default: false },
      },
      required: ['room', 'checkIn', 'guests'],
    });
    expect(result.structuredContent).toStrictEqual({
      confirmation: 'double in Oslo from 2027-03-14, 2 guest(s), breakfast false, extras parking',
      nights: 3,
    });
    await client.close();
  });
});
