import { inject } from 'inversify';
import { Context, Ctx, ElicitRequestParams, RequestTimeoutError, Tool, Tools } from 'elicitor';

/** How long a 2025 client may keep the question open; bound as a value provider. */
export const NOTE_TIMEOUT_MS = Symbol('note-timeout-ms');

@Tools()
export class NoteTools {
  constructor(@inject(NOTE_TIMEOUT_MS) private readonly timeoutMs: number) {}

  @Tool({ description: 'Asks for a note; a 2025 client gets a bounded wait' })
  async addNote(@Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form('Anything to add?').withRequired('note', 'string');
    try {
      // 2026-07-28: the key names the answer across rounds, and the timeout does not apply.
      // 2025: the key is ignored; elicitation/create goes out on this call's stream and the
      // handler waits here for the answer, at most timeoutMs.
      const answer = await ctx.elicit('note', question, { timeoutMs: this.timeoutMs });
      return answer.map((form) => `Noted: ${String(form.note)}`) ?? 'No note.';
    } catch (error) {
      if (error instanceof RequestTimeoutError) {
        return `No answer within ${error.timeoutMs} ms, so nothing was noted.`;
      }
      throw error;
    }
  }
}
