import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import type { HeadlessChromium } from './headless-chromium.js';

const HOST_PAGE_ENTRY = fileURLToPath(new URL('./app-host-page/host-page.ts', import.meta.url));
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What the app told the host, as the host page records it. */
export interface HostEvent {
  method: 'ui/update-model-context' | 'ui/message';
  text: string;
}

/** How the host page is set up: the wire, its theme, and how it takes an app's outcome. */
export interface AppHostSetup {
  era: 'modern' | 'legacy';
  theme: 'light' | 'dark';
  /** `context`: the host takes `ui/update-model-context` (and `ui/message`); `message`: only `ui/message`. */
  takes: 'context' | 'message';
}

/** An axe-core finding, reduced to what a failing assertion should print. */
export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

interface HostWindow {
  appHost: {
    callTool(name: string, args: Record<string, unknown>): Promise<string>;
    readText(uri: string): Promise<string>;
    protocolVersion(): Promise<string>;
    setTheme(theme: 'light' | 'dark'): Promise<void>;
    setStyleVariables(variables: Record<string, string>): Promise<void>;
    events: HostEvent[];
  };
}

let hostPageHtml: Promise<string> | undefined;

/** The host page as one HTML document, its script bundled by esbuild from app-host-page/. */
function bundleHostPage(): Promise<string> {
  hostPageHtml ??= esbuild
    .build({
      entryPoints: [HOST_PAGE_ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'warning',
    })
    .then(({ outputFiles }) => {
      const script = outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App host</title></head><body><main id="apps"></main><script>${script}</script></body></html>`;
    });
  return hostPageHtml;
}

/**
 * A minimal MCP Apps host in Chromium for one server: the page is served at the server's own origin
 * (so its client reaches `/mcp` without CORS), and renders a tool's UI the way a host does.
 */
export class AppHost {
  private constructor(readonly page: Page) {}

  static async open(browser: HeadlessChromium, serverUrl: string, setup: AppHostSetup): Promise<AppHost> {
    const html = await bundleHostPage();
    const page = await browser.newPage();
    const hostUrl = new URL('/app-host', serverUrl);
    await page.route(hostUrl.href + '**', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    hostUrl.search = new URLSearchParams({ ...setup }).toString();
    await page.goto(hostUrl.href);
    return new AppHost(page);
  }

  /** Calls a tool through the host; resolves with the text of the call's own result. */
  callTool(name: string, args: Record<string, unknown>): Promise<string> {
    return this.page.evaluate(
      ([tool, input]) => (globalThis as unknown as HostWindow).appHost.callTool(tool, input),
      [name, args] as const,
    );
  }

  readText(uri: string): Promise<string> {
    return this.page.evaluate(
      (resource) => (globalThis as unknown as HostWindow).appHost.readText(resource),
      uri,
    );
  }

  protocolVersion(): Promise<string> {
    return this.page.evaluate(() => (globalThis as unknown as HostWindow).appHost.protocolVersion());
  }

  setTheme(theme: 'light' | 'dark'): Promise<void> {
    return this.page.evaluate((next) => (globalThis as unknown as HostWindow).appHost.setTheme(next), theme);
  }

  setStyleVariables(variables: Record<string, string>): Promise<void> {
    return this.page.evaluate(
      (values) => (globalThis as unknown as HostWindow).appHost.setStyleVariables(values),
      variables,
    );
  }

  /** Waits for the app to tell the host something, and returns everything it told. */
  async events(): Promise<HostEvent[]> {
    await this.page.waitForFunction(() => (globalThis as unknown as HostWindow).appHost.events.length > 0);
    return this.page.evaluate(() => (globalThis as unknown as HostWindow).appHost.events);
  }

  /** The tool's app, in its iframe. */
  app(): FrameLocator {
    return this.page.frameLocator('iframe[title="Tool app"]');
  }

  /** A screenshot of the app's iframe alone. */
  async screenshot(path: string): Promise<void> {
    await this.page.locator('iframe[title="Tool app"]').screenshot({ path });
  }

  /** Runs axe-core inside the app's frame and returns its violations. */
  async axeViolations(): Promise<AxeViolation[]> {
    const frame = await this.appFrame();
    await frame.evaluate(await readFile(AXE_SOURCE, 'utf8'));
    return frame.evaluate(async () => {
      const page = globalThis as unknown as {
        axe: { run(context: unknown): Promise<AxeRun> };
        document: unknown;
      };
      const { violations } = await page.axe.run(page.document);
      return violations.map(({ id, help, nodes }) => ({
        id,
        help,
        targets: nodes.map((node) => String(node.target)),
      }));
    });
  }

  private async appFrame(): Promise<Frame> {
    const handle = await this.page.locator('iframe[title="Tool app"]').elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('The host shows no app');
    return frame;
  }

  close(): Promise<void> {
    return this.page.close();
  }
}

interface AxeRun {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }>;
}
