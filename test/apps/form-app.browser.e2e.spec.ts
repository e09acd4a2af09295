import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElicitorApp } from 'elicitor';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { AppHost } from './support/app-host.js';
import { HeadlessChromium } from './support/headless-chromium.js';
import { describeWhen } from '../support/test-requirements.js';
import { startHttpModuleApp } from '../support/transports.js';

// Chromium is not what `npm test` brings: CI opts in.
const describeWithBrowser = describeWhen('browser');

const ORDER = { item: 'widget', quantity: 2 };
const SHIPPING_QUESTION = 'Where should we ship 2 × widget?';
const PLACED = /^Order \S+ placed: 2 × widget to Ada Lovelace, \$\d+(\.\d+)? charged\.$/;
const FLOW_MS = 60_000;
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

// The checked-in screenshots (2026-07-28) are rewritten only on request, so a test run never dirties the tree.
function screenshotDir(checkedIn: boolean): string {
  return checkedIn && process.env.ELICITOR_UPDATE_SCREENSHOTS === '1'
    ? 'docs/images'
    : mkdtempSync(join(tmpdir(), 'form-app-'));
}

/** The minimal AppBridge host: the Inspector's web client always declares elicitation, so it cannot play this host. */
describeWithBrowser('the shipped form app in a real browser host that renders apps and cannot elicit', () => {
  let browser: HeadlessChromium | undefined;
  let server: ElicitorApp | undefined;
  let url: string;

  beforeAll(async () => {
    browser = await HeadlessChromium.launch();
    ({ app: server, url } = await startHttpModuleApp(SeedTourModule, {
      ...seedTourOptions,
      askThroughApps: true,
      logger: quietLogger,
    }));
  }, FLOW_MS);
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  describe.each([
    ['2026-07-28', 'modern', 'context', 'ui/update-model-context'],
    ['2025-11-25', 'legacy', 'message', 'ui/message'],
  ] as const)('on %s', (version, era, takes, told) => {
    let host: AppHost;
    beforeEach(async () => {
      host = await AppHost.open(browser!, url, { era, theme: 'light', takes });
    }, FLOW_MS);
    afterEach(() => host.close());

    it(
      `place_order completes in the form app, and the outcome reaches the host as ${told}`,
      async () => {
        const countersBefore = JSON.parse(await host.readText('seed-tour://counters')) as Record<
          string,
          number
        >;
        const asked = await host.callTool('place_order', ORDER);
        expect(await host.protocolVersion()).toBe(version);
        expect(asked).toContain(SHIPPING_QUESTION);

        const app = host.app();
        await expect(app.getByRole('heading', { name: SHIPPING_QUESTION }).textContent()).resolves.toBe(
          SHIPPING_QUESTION,
        );
        expect(await host.axeViolations()).toEqual([]);

        // Submitting the empty form: every required field is flagged, announced, and focus goes to the first.
        await app.getByRole('button', { name: 'Submit' }).click();
        await expect(app.getByRole('status').textContent()).resolves.toBe('3 fields need attention.');
        const name = app.getByLabel('Full name');
        expect(await name.getAttribute('aria-invalid')).toBe('true');
        expect(await name.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true);
        expect(await host.axeViolations()).toEqual([]);

        // Filled with the keyboard alone; Enter in a field submits.
        await name.pressSequentially('Ada Lovelace');
        await host.page.keyboard.press('Tab');
        await host.page.keyboard.type('not an email');
        await host.page.keyboard.press('Tab');
        await host.page.keyboard.type('1 Analytical Row');
        await host.page.keyboard.press('Enter');
        const email = app.getByLabel('Email for the receipt');
        expect(await email.getAttribute('aria-invalid')).toBe('true');
        expect(await email.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true);
        await email.fill('ada@example.com');
        await email.press('Enter');

        // The next question comes from the server, through elicitor_answer.
        const confirm = app.getByRole('checkbox', { name: 'confirm' });
        await confirm.waitFor();
        expect(await confirm.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true);
        await host.page.keyboard.press('Space');
        await host.page.keyboard.press('Enter');

        const outcome = app.getByTestId('outcome-text');
        await outcome.waitFor();
        expect(await outcome.textContent()).toMatch(PLACED);
        const events = await host.events();
        expect(events).toEqual([
          { method: told, text: expect.stringMatching(/Order \S+ placed: 2 × widget to Ada Lovelace/) },
        ]);

        const counters = JSON.parse(await host.readText('seed-tour://counters')) as Record<string, number>;
        expect({
          quotes: counters.quotes! - countersBefore.quotes!,
          charges: counters.charges! - countersBefore.charges!,
          receipts: counters.receipts! - countersBefore.receipts!,
        }).toEqual({ quotes: 1, charges: 1, receipts: 1 });
      },
      FLOW_MS,
    );

    it(
      'renders a titled single select and a bounded multi select, with their defaults and limits',
      async () => {
        await host.callTool('order_form', {});
        const app = host.app();
        const size = app.getByRole('radiogroup', { name: 'Size' });
        await size.waitFor();
        expect(await size.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);
        await size.getByRole('radio', { name: 'Large' }).check();
        const toppings = app.getByRole('group', { name: 'Toppings' });
        for (const topping of ['cheese', 'mushrooms', 'olives', 'peppers'])
          await toppings.getByRole('checkbox', { name: topping }).check();
        await app.getByRole('button', { name: 'Submit' }).click();
        await expect(toppings.getByText('Choose at most 3.').isVisible()).resolves.toBe(true);
        expect(await host.axeViolations()).toEqual([]);

        await toppings.getByRole('checkbox', { name: 'peppers' }).uncheck();
        await app.getByRole('button', { name: 'Submit' }).click();
        const outcome = app.getByTestId('outcome-text');
        await outcome.waitFor();
        expect(await outcome.textContent()).toBe('A L pizza with cheese, mushrooms, olives.');
        expect(await host.events()).toEqual([{ method: told, text: expect.stringContaining('A L pizza') }]);
      },
      FLOW_MS,
    );

    it(
      'renders an integer, a boolean and a select with their defaults, and checks the integer range',
      async () => {
        await host.callTool('configure_deploy', {});
        const app = host.app();
        const replicas = app.getByLabel('Replicas');
        await replicas.waitFor();
        expect(await replicas.inputValue()).toBe('3');
        expect(await app.getByRole('checkbox', { name: 'Verbose logging' }).isChecked()).toBe(false);
        const environment = app.getByRole('radiogroup', { name: 'Environment' });
        expect(await environment.getByRole('radio', { name: 'Development' }).isChecked()).toBe(true);

        await replicas.fill('25');
        await replicas.press('Enter');
        await expect(app.getByText('Enter 20 or less.').isVisible()).resolves.toBe(true);
        await replicas.fill('5');
        await app.getByRole('checkbox', { name: 'Verbose logging' }).check();
        await environment.getByRole('radio', { name: 'Production' }).check();
        await app.getByRole('button', { name: 'Submit' }).click();
        const outcome = app.getByTestId('outcome-text');
        await outcome.waitFor();
        expect(await outcome.textContent()).toBe('Deploying 5 replica(s) to prod with verbose logging.');
      },
      FLOW_MS,
    );

    it(
      "shows the server's re-ask when it refuses an answer the form let through, and takes a decline",
      async () => {
        await host.callTool('place_order', ORDER);
        const app = host.app();
        await app.getByLabel('Full name').fill('Ada Lovelace');
        // A one-letter top-level domain passes the form's check; the server's IsEmail refuses it.
        await app.getByLabel('Email for the receipt').fill('ada@example.c');
        await app.getByLabel('Street address').fill('1 Analytical Row');
        await app.getByRole('button', { name: 'Submit' }).click();
        const status = app.getByRole('status');
        await app.getByText(/^Please check your answer: /).waitFor();
        expect(await status.textContent()).toContain('email');
        expect(await app.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');

        await app.getByRole('button', { name: 'Decline' }).click();
        const outcome = app.getByTestId('outcome-text');
        await outcome.waitFor();
        expect(await outcome.textContent()).toBe('Order cancelled: no shipping address.');
        expect(await host.events()).toEqual([
          { method: told, text: expect.stringContaining('Order cancelled') },
        ]);
      },
      FLOW_MS,
    );

    it(
      "follows the host's light and dark theme and its style variables",
      async () => {
        await host.callTool('place_order', ORDER);
        const app = host.app();
        const heading = app.getByRole('heading', { name: SHIPPING_QUESTION });
        await heading.waitFor();
        const textColour = () =>
          heading.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).color);
        expect(await app.locator('html').getAttribute('data-theme')).toBe('light');
        const light = await textColour();
        const shots = screenshotDir(era === 'modern');
        await host.screenshot(join(shots, 'form-app-light.png'));

        await host.setTheme('dark');
        await app.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
        expect(await textColour()).not.toBe(light);
        expect(await host.axeViolations()).toEqual([]);
        await host.screenshot(join(shots, 'form-app-dark.png'));

        // The host's own palette, sent as the spec's style variables, wins over the app's fallbacks.
        await host.setStyleVariables({ '--color-text-primary': 'rgb(170, 30, 90)' });
        const hostColour = await heading.evaluate(
          (element) =>
            new Promise<string>((resolve) => {
              const view = element.ownerDocument.defaultView!;
              const giveUpAt = Date.now() + 5_000;
              const check = () => {
                const colour = view.getComputedStyle(element).color;
                if (colour === 'rgb(170, 30, 90)' || Date.now() > giveUpAt) resolve(colour);
                else view.setTimeout(check, 50);
              };
              check();
            }),
        );
        expect(hostColour).toBe('rgb(170, 30, 90)');
      },
      FLOW_MS,
    );
  });
});
