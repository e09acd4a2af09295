import type { ElicitationReply, ElicitationResponder } from './elicitation-request.reader.js';

/** Used when there is neither an answers file nor a terminal: every question is cancelled, loudly. */
export class UnattendedResponder implements ElicitationResponder {
  async respond(_request: unknown, index: number): Promise<ElicitationReply> {
    return {
      answer: { action: 'cancel' },
      origin: 'no terminal',
      warnings: [
        `question ${index} cannot be asked: stdin is not a terminal; pass --answers <file> (sent cancel)`,
      ],
    };
  }
}
