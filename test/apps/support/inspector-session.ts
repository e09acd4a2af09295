import type { HeadlessChromium } from './headless-chromium.js';
import { InspectorPage } from './inspector-page.js';
import { startInspectorWeb } from './inspector-web.js';
import type { InspectorWeb, ProtocolEra } from './inspector-web.js';
import { startSample } from './sample-server.js';
import type { SampleName, SampleServer } from './sample-server.js';

/** One sample server, one Inspector web UI on it and one page of Chromium on that, stopped together. */
export class InspectorSession {
  constructor(private readonly sample: SampleName = 'seat-booking') {}

  private server?: SampleServer;
  private inspector?: InspectorWeb;
  private inspectorPage?: InspectorPage;

  async start(browser: HeadlessChromium, era: ProtocolEra, version: string, flags: string[]): Promise<void> {
    this.server = await startSample(this.sample, flags);
    this.inspector = await startInspectorWeb(this.server.url, era);
    this.inspectorPage = new InspectorPage(await browser.newPage());
    await this.inspectorPage.connect(this.inspector.pageUrl, version);
  }

  get page(): InspectorPage {
    if (!this.inspectorPage) throw new Error('the Inspector session did not start');
    return this.inspectorPage;
  }

  /** Stops whatever started, the server last and whatever else failed to stop. */
  async stop(): Promise<void> {
    try {
      await this.inspectorPage?.page.close().catch(() => undefined);
      await this.inspector?.stop();
    } finally {
      await this.server?.stop();
    }
  }
}
