import { isRecord } from '../../../shared/is-record.js';
import { buildFormQuestions } from '../form/form-question.builder.js';
import type { FormQuestion } from '../form/form-question.types.js';

export type ElicitAction = 'accept' | 'decline' | 'cancel';
export const ELICIT_ACTIONS: readonly ElicitAction[] = ['accept', 'decline', 'cancel'];

/** An `elicitation/create` request, whichever era delivered it. */
export type ElicitationRequest =
  | {
      mode: 'form';
      message: string;
      questions: FormQuestion[];
      /** The MCP App a host that renders apps would show instead (`_meta.ui.resourceUri`). */
      app?: string;
    }
  | { mode: 'url'; message: string; url: string };

/** The `ElicitResult` sent back: `content` only for an accepted form. */
export interface ElicitationAnswer {
  action: ElicitAction;
  content?: Record<string, unknown>;
}

/** What a responder decided, plus where the answer came from and anything worth a warning. */
export interface ElicitationReply {
  answer: ElicitationAnswer;
  origin?: string;
  warnings: string[];
}

/** Answers one question at a time; `index` counts the questions of the call from 1. */
export interface ElicitationResponder {
  respond(request: ElicitationRequest, index: number): Promise<ElicitationReply>;
}

export function parseElicitationRequest(params: unknown): ElicitationRequest {
  const record = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' ? record.message : '';
  if (record.mode === 'url')
    return { mode: 'url', message, url: typeof record.url === 'string' ? record.url : '' };
  const app = appOf(record._meta);
  return {
    mode: 'form',
    message,
    questions: buildFormQuestions(record.requestedSchema),
    ...(app ? { app } : {}),
  };
}

function appOf(meta: unknown): string | undefined {
  const ui = isRecord(meta) ? meta.ui : undefined;
  const uri = isRecord(ui) ? ui.resourceUri : undefined;
  return typeof uri === 'string' ? uri : undefined;
}
