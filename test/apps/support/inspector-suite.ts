import { HeadlessChromium } from './headless-chromium.js';
import { InspectorSession } from './inspector-session.js';
import type { ProtocolEra } from './inspector-web.js';
import type { SampleName } from './sample-server.js';

// The first start installs the Inspector and its Node; after that each start takes a few seconds.
export const START_MS = 360_000;
export const FLOW_MS = 60_000;

/** The protocol versions the Inspector connects with, and the era each one is. */
export const INSPECTOR_ERAS = [
  ['2026-07-28', 'modern'],
  ['2025-11-25', 'legacy'],
] as const;

/** One Chromium for the enclosing `describe`, launched before its tests and closed after them. */
export function useHeadlessChromium(): () => HeadlessChromium {
  let browser: HeadlessChromium | undefined;
  beforeAll(async () => {
    browser = await HeadlessChromium.launch();
  }, FLOW_MS);
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('Chromium did not start');
    return browser;
  };
}

/** A sample and the Inspector's web UI on it, started before the enclosing `describe`'s tests. */
export function useInspectorSession(
  browser: () => HeadlessChromium,
  sample: SampleName,
  [version, era]: readonly [string, ProtocolEra],
  flags: string[] = [],
): InspectorSession {
  const session = new InspectorSession(sample);
  beforeAll(() => session.start(browser(), era, version, flags), START_MS);
  afterAll(() => session.stop(), FLOW_MS);
  return session;
}
