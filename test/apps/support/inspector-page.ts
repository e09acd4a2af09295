import type { FrameLocator, Locator, Page } from 'playwright-core';

type Tab = 'Tools' | 'Apps';

const APP_FALLBACK =
  "the Inspector asked with its own form, not with the question's app: either the question came without " +
  'the app (one side did not declare elicitation in its io.modelcontextprotocol/ui extension), or the app ' +
  'did not take it (it must declare appCapabilities.elicitation in ui/initialize and answer the ' +
  'elicitation/create the host sends it)';

/** Long enough for a cold Inspector page and a server's first answer, short of Jest's own timeouts. */
const STEP_MS = 30_000;

/**
 * The MCP Inspector web client as a person uses it, found by what it shows: roles, labels and the few
 * `data-testid`s the Inspector keeps for its own browser tests.
 */
export class InspectorPage {
  constructor(readonly page: Page) {
    page.setDefaultTimeout(STEP_MS);
  }

  /** Opens the UI and connects to its one server; resolves once the server card shows `version`. */
  async connect(pageUrl: string, version: string): Promise<void> {
    await this.page.goto(pageUrl);
    // The switch shows the connection, so it turns on only once connected: clicked, not `check`ed (which
    // wants it on at once); forced, since its track is drawn over the input.
    await this.page.getByRole('switch', { name: /^Connect or disconnect/ }).click({ force: true });
    await this.page.locator('[data-testid="connection-status"][data-status="connected"]').waitFor();
    await this.page.getByText(`MCP ${version}`, { exact: true }).waitFor();
  }

  /** Calls a tool from the Tools tab, each argument typed into its own field. */
  async callTool(name: string, args: Record<string, string>): Promise<void> {
    const screen = await this.openTab('Tools');
    await screen.getByRole('button', { name, exact: true }).click();
    await this.fillArguments(screen, args);
    await screen.getByRole('button', { name: 'Execute Tool' }).click();
  }

  /** Opens a tool's app from the Apps tab, which calls the tool and hands the app its input and result. */
  async openApp(name: string, args: Record<string, string>): Promise<void> {
    const screen = await this.openTab('Apps');
    // An app's button is named by the tool's name and description.
    await screen.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
    await this.fillArguments(screen, args);
    await screen.getByRole('button', { name: 'Open App' }).click();
  }

  /**
   * The app the Inspector renders for a question, once it is ready: a modal holding the trusted sandbox
   * proxy's iframe, which holds the app's own iframe.
   */
  async appQuestion(): Promise<FrameLocator> {
    await this.page.locator('[data-testid="app-elicitation"][data-app-elicitation-status="ready"]').waitFor();
    return this.page.frameLocator('[data-testid="app-elicitation"] iframe').frameLocator('iframe');
  }

  /**
   * Answers a question in the app rendered for it. Where the Inspector asks with its own form instead,
   * this fails at once and says why that happens, rather than as a wait for the app that times out.
   */
  async answerInApp(answer: (app: FrameLocator) => Promise<void>): Promise<void> {
    const fellBack = this.nativeQuestionDialog()
      .waitFor()
      .then(
        () => {
          throw new Error(APP_FALLBACK);
        },
        () => undefined,
      );
    await Promise.race([this.appQuestion().then(answer), fellBack]);
  }

  /** Whether an app is being rendered for a question right now. */
  async appQuestionShown(): Promise<boolean> {
    return (await this.page.locator('[data-testid="app-elicitation"]').count()) > 0;
  }

  /** Waits for the Inspector's own form for a question. */
  async nativeQuestion(): Promise<void> {
    await this.nativeQuestionDialog().waitFor();
  }

  /** Answers a question in the Inspector's own form: one field, then Submit. */
  async answerNativeQuestion(field: string, value: string): Promise<void> {
    const dialog = this.nativeQuestionDialog();
    const input = dialog.getByRole('textbox', { name: field, exact: true });
    await input.waitFor();
    // A field with an enum is a read-only select: its value is picked from the list it opens.
    if (await input.isEditable()) {
      await input.fill(value);
    } else {
      await input.click();
      await this.page.getByRole('option', { name: value, exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Submit' }).click();
  }

  /** The app the Apps tab renders for a tool, inside the sandbox proxy's iframe. */
  toolApp(): FrameLocator {
    return this.screen('Apps').locator('iframe').contentFrame().frameLocator('iframe');
  }

  /** Waits for a tool result's text in the Tools tab's Results panel. */
  async toolResult(text: RegExp): Promise<string> {
    const result = this.screen('Tools').getByText(text).first();
    await result.waitFor();
    return result.innerText();
  }

  /**
   * One tab's screen. A tab left stays in the page (fading out, then hidden), so every lookup is made
   * in the screen of the tab it is for.
   */
  private screen(tab: Tab): Locator {
    return tab === 'Tools'
      ? this.page.getByTestId('tools-screen')
      : this.page
          .locator('[data-variant="screen"]')
          .filter({ has: this.page.getByRole('heading', { name: /^MCP Apps \(/ }) });
  }

  private nativeQuestionDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Elicitation Request' });
  }

  private async openTab(tab: Tab): Promise<Locator> {
    // The tabs are a segmented control: a hidden radio and the label that stands for it.
    await this.page.locator(`label[for$="-${tab}"]`).first().click();
    return this.screen(tab);
  }

  private async fillArguments(screen: Locator, args: Record<string, string>): Promise<void> {
    for (const [field, value] of Object.entries(args)) {
      await screen.getByRole('textbox', { name: field, exact: true }).fill(value);
    }
  }
}
