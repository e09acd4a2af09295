import type { ElicitorOptions } from 'elicitor';
import { NOTE_TIMEOUT_MS, NoteTools } from './note.tools.js';

/** The notes app, for people who may take up to an hour to answer on a 2025 client. */
export const notesOptions: ElicitorOptions = {
  name: 'notes',
  version: '1.0.0',
  tools: [NoteTools],
  providers: [{ provide: NOTE_TIMEOUT_MS, useValue: 60 * 60_000 }],
  // While a question waits and the call carries a progressToken: notifications/progress this often.
  legacyKeepAliveMs: 10_000,
};
