import type { FrameLocator } from 'playwright-core';
import {
  FLOW_MS,
  INSPECTOR_ERAS,
  useHeadlessChromium,
  useInspectorSession,
} from './support/inspector-suite.js';
import { describeWhen } from '../support/test-requirements.js';

// The Inspector, a Node >= 22 for it and Chromium are not what `npm test` brings: CI opts in.
const describeWithBrowser = describeWhen('browser');

const BOOKING = { passenger: 'Ada Lovelace', flight: 'EL42' };
const BOOKED = /Seat 3C on EL42 is booked for Ada Lovelace\./;

/** What a person does on the seat map: 1A and 2B are taken, 3C is free. */
async function pickSeat3C(seatMap: FrameLocator): Promise<void> {
  await seatMap.locator('button[data-seat="3C"]').click();
  await seatMap.locator('button[data-action="confirm"]').click();
}

describeWithBrowser('the MCP Inspector web UI in Chromium books a seat on the seat-booking sample', () => {
  const browser = useHeadlessChromium();

  describe.each(INSPECTOR_ERAS)('on %s', (...era) => {
    describe('when the server offers its app for the question', () => {
      const session = useInspectorSession(browser, 'seat-booking', era);

      it(
        'renders the seat map for the question, and the call completes with the seat picked there',
        async () => {
          const inspector = session.page;
          await inspector.callTool('book_seat', BOOKING);
          await inspector.answerInApp(pickSeat3C);
          expect(await inspector.toolResult(BOOKED)).toMatch(BOOKED);
        },
        FLOW_MS,
      );

      it(
        "renders the boarding pass the tool names, with the seat booked through the question's app",
        async () => {
          const inspector = session.page;
          await inspector.openApp('book_seat', BOOKING);
          await inspector.answerInApp(pickSeat3C);
          const pass = inspector.toolApp().locator('[data-testid="boarding-pass"]');
          await pass.waitFor();
          expect(await pass.innerText()).toContain('3C');
        },
        FLOW_MS,
      );
    });

    describe('when the server does not offer it (--no-app-questions)', () => {
      const session = useInspectorSession(browser, 'seat-booking', era, ['--no-app-questions']);

      it(
        'asks with its own form, and the same call completes',
        async () => {
          const inspector = session.page;
          await inspector.callTool('book_seat', BOOKING);
          await inspector.nativeQuestion();
          expect(await inspector.appQuestionShown()).toBe(false);
          await inspector.answerNativeQuestion('seat', '3C');
          expect(await inspector.toolResult(BOOKED)).toMatch(BOOKED);
        },
        FLOW_MS,
      );
    });
  });
});
