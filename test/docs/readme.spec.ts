import 'reflect-metadata';
import { TestClient, accept, decline, testKeyringSecret } from 'elicitor/testing';
import type { ElicitorApp } from 'elicitor';
import { BookingTools, serve } from '../../docs/snippets/readme/booking.tools.js';
import { Reservations } from '../../docs/snippets/readme/reservations.service.js';

describe('README: the booking example', () => {
  it('books over real HTTP: one lookup, one booking, one confirmation', async () => {
    process.env.ELICITOR_STATE_KEYS = testKeyringSecret; // a fixed test key, so no warning
    const { app, url } = await serve(0);
    delete process.env.ELICITOR_STATE_KEYS;
    try {
      const run = await TestClient.forUrl(url).callTool(
        'book_table',
        { restaurant: 'chez-ada' },
        { answers: { party: accept({ name: 'Ada', guests: 4 }) } },
      );
      expect(run.rounds.map((round) => round.resultType)).toStrictEqual(['input_required', 'complete']);
      expect(run.rounds[0]!.inputRequests[0]!.params.message).toBe(
        'A table is free at 19:30. Who is coming?',
      );
      expect(run.text).toBe('Booked B-1: a table for 4 at 19:30, name Ada.');
      const reservations = app.get(Reservations);
      expect([
        reservations.slotLookups,
        reservations.bookings.length,
        reservations.confirmations,
      ]).toStrictEqual([1, 1, ['B-1']]);
    } finally {
      await app.close();
    }
  });

  it('books nothing when the user declines', async () => {
    const client = await TestClient.create({ tools: [BookingTools], providers: [Reservations] });
    const run = await client.callTool(
      'book_table',
      { restaurant: 'chez-ada' },
      { answers: { party: decline() } },
    );
    expect(run.text).toBe('No booking made.');
    const app = client.app as ElicitorApp;
    expect(app.get(Reservations).bookings).toStrictEqual([]);
    expect(app.get(Reservations).confirmations).toStrictEqual([]);
    await client.close();
  });
});
