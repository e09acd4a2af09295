import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium; playwright-core drives it and never downloads a browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// The network is closed: nothing in the background may try to reach it.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One headless Chromium with a profile of its own, removed when it closes. */
export class HeadlessChromium {
  private constructor(
    private readonly context: BrowserContext,
    private readonly profile: string,
  ) {}

  static async launch(): Promise<HeadlessChromium> {
    const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1400, height: 1000 },
      });
      return new HeadlessChromium(context, profile);
    } catch (error) {
      await rm(profile, { recursive: true, force: true });
      throw error;
    }
  }

  newPage(): Promise<Page> {
    return this.context.newPage();
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await rm(this.profile, { recursive: true, force: true });
  }
}
