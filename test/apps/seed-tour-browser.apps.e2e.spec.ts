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

const FLIGHT = { flight: 'EL42' };

/** What a person does on seed-tour's seat map: picks 2C (a radio, so by its label) and takes it. */
async function pickSeat2C(seatMap: FrameLocator): Promise<void> {
  await seatMap.getByText('2C', { exact: true }).click();
  await seatMap.locator('[data-testid="confirm"]').click();
}

describeWithBrowser("the MCP Inspector web UI in Chromium renders the seed tour's apps", () => {
  const browser = useHeadlessChromium();

  describe.each(INSPECTOR_ERAS)('on %s', (...era) => {
    const session = useInspectorSession(browser, 'seed-tour', era);

    it(
      'choose_seat: the seat map answers the question, and the call completes with the seat picked on it',
      async () => {
        const inspector = session.page;
        await inspector.callTool('choose_seat', FLIGHT);
        await inspector.answerInApp(async (seatMap) => {
          await seatMap.getByText('Your seat on EL42?').waitFor();
          expect(await seatMap.locator('input[name="seat"]').count()).toBe(4);
          await pickSeat2C(seatMap);
        });
        expect(await inspector.toolResult(/Seat 2C on EL42/)).toMatch(/Seat 2C on EL42/);
      },
      FLOW_MS,
    );

    it(
      'show_boarding_pass: the boarding pass app shows the flight and seat of the result',
      async () => {
        const inspector = session.page;
        await inspector.openApp('show_boarding_pass', FLIGHT);
        const pass = inspector.toolApp().locator('[data-testid="boarding-pass"]');
        await pass.waitFor();
        expect(await pass.innerText()).toMatch(/Flight EL42, seat 1A/);
      },
      FLOW_MS,
    );
  });
});
