import type { McpUiAppCapabilities } from '@modelcontextprotocol/ext-apps';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { part, startTourApp } from '../tour-app.js';
import { rowsOf, seatQuestionOf } from './seat-question.js';
import '../tour.css';
import './seat-map.css';

/*
 * Answers the seat question where the host lets an app answer a form (SEP-3118): the app declares
 * `elicitation: {}` and answers the host's `elicitation/create` with a standard ElicitResult. The released
 * App SDK has no typed helper for it yet, so the app registers the request handler itself.
 */
const capabilities: McpUiAppCapabilities & { elicitation: Record<string, never> } = { elicitation: {} };

const form = part<HTMLFormElement>('seat-form');
const question = part('question');
const seatsView = part('seats');
const confirm = part<HTMLButtonElement>('confirm');
const decline = part<HTMLButtonElement>('decline');
const status = part('status');
let answer: ((result: ElicitResult) => void) | undefined;

/** One radio per seat (a radio group keeps arrow-key navigation), the aisle in the middle of each row. */
function drawSeats(seats: readonly string[]): void {
  const rows = rowsOf(seats).map((row) => {
    const line = document.createElement('div');
    line.className = 'row';
    row.forEach((seat, index) => {
      if (index === Math.ceil(row.length / 2))
        line.append(Object.assign(document.createElement('span'), { className: 'aisle' }));
      const label = document.createElement('label');
      label.className = 'seat';
      const input = Object.assign(document.createElement('input'), {
        type: 'radio',
        name: 'seat',
        value: seat,
      });
      input.addEventListener('change', () => {
        confirm.disabled = false;
        status.textContent = `Seat ${seat} selected.`;
      });
      const text = document.createElement('span');
      text.textContent = seat;
      label.append(input, text);
      line.append(label);
    });
    return line;
  });
  seatsView.replaceChildren(...rows);
}

/** Ends the question on screen and, while it is still open, answers it. */
function settle(result: ElicitResult | undefined, note: string): void {
  const resolve = answer;
  answer = undefined;
  for (const input of form.querySelectorAll('input')) input.disabled = true;
  confirm.disabled = true;
  decline.disabled = true;
  status.textContent = note;
  if (resolve && result) resolve(result);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const seat = new FormData(form).get('seat');
  if (typeof seat === 'string') settle({ action: 'accept', content: { seat } }, `Seat ${seat} sent.`);
});
decline.addEventListener('click', () => settle({ action: 'decline' }, 'No seat chosen.'));

startTourApp('Seat map', capabilities, (app) => {
  app.setRequestHandler('elicitation/create', (request, ctx) => {
    const seats = seatQuestionOf(request.params);
    // The host then asks its own form instead.
    if (!seats) throw new Error('The seat map answers only the seat question');
    answer?.({ action: 'cancel' });
    question.textContent = seats.message;
    drawSeats(seats.seats);
    confirm.disabled = true;
    decline.disabled = false;
    status.textContent = 'Pick a seat.';
    return new Promise<ElicitResult>((resolve) => {
      answer = resolve;
      ctx.mcpReq.signal.addEventListener('abort', () => settle(undefined, 'The question was withdrawn.'));
    });
  });
});
