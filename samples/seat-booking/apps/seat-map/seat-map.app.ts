import { App } from '@modelcontextprotocol/ext-apps';
import type { McpUiAppCapabilities } from '@modelcontextprotocol/ext-apps';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { byTestId } from '../shared/dom.js';
import { connectFollowingHostTheme } from '../shared/host-theme.js';
import { CabinView } from './cabin-view.js';
import { seatQuestionOf } from './seat-question.js';
import '../shared/base.css';
import './seat-map.css';

/*
 * App-rendered questions (SEP-3118, ext-apps PR 733) are not in the released App SDK yet, so this app
 * uses the SDK's own primitives as the draft spec defines the messages: it declares `elicitation: {}` in
 * its app capabilities, and answers the host's standard `elicitation/create` request with a standard
 * ElicitResult, which the host hands back to the server.
 */
const capabilities: McpUiAppCapabilities & { elicitation: Record<string, never> } = { elicitation: {} };

const question = byTestId('question');
const status = byTestId('status');
const confirm = byTestId<HTMLButtonElement>('confirm');
const decline = byTestId<HTMLButtonElement>('decline');
const cabin = new CabinView(byTestId('cabin'), (seat) => {
  confirm.disabled = false;
  status.textContent = `Seat ${seat} selected.`;
});
let answer: ((result: ElicitResult) => void) | undefined;

/** Ends the question on screen and, if it is still open, answers it. */
function settle(result: ElicitResult | undefined, note: string): void {
  const resolve = answer;
  answer = undefined;
  cabin.freeze();
  confirm.disabled = true;
  decline.disabled = true;
  status.textContent = note;
  if (resolve && result) resolve(result);
}

confirm.addEventListener('click', () => {
  const seat = cabin.selection;
  if (seat) settle({ action: 'accept', content: { seat } }, `Seat ${seat} sent.`);
});
decline.addEventListener('click', () => settle({ action: 'decline' }, 'No seat chosen.'));

const app = new App({ name: 'Seat map', version: '0.1.0' }, capabilities);
app.setRequestHandler('elicitation/create', (request, ctx) => {
  const seats = seatQuestionOf(request.params);
  // The host then asks its own form instead.
  if (!seats) throw new Error('The seat map answers only the seat question');
  // A newer question replaces one left unanswered.
  answer?.({ action: 'cancel' });
  question.textContent = seats.message;
  cabin.offer(seats.freeSeats);
  confirm.disabled = true;
  decline.disabled = false;
  status.textContent = 'Pick a free seat.';
  return new Promise<ElicitResult>((resolve) => {
    answer = resolve;
    ctx.mcpReq.signal.addEventListener('abort', () => settle(undefined, 'The question was withdrawn.'));
  });
});

connectFollowingHostTheme(app).catch((error: unknown) => {
  status.textContent = `Could not reach the host: ${String(error)}`;
});
