import { asksThroughApp } from './app-asking.check.js';
import { ClientCapabilitiesView } from './client-capabilities-view.js';

const ui = (declared: Record<string, unknown>) => ({
  extensions: { 'io.modelcontextprotocol/ui': declared },
});
const APPS = { mimeTypes: ['text/html;profile=mcp-app'] };

describe('asksThroughApp', () => {
  it.each([
    ['renders apps, no elicitation', ui(APPS), true],
    ['renders apps, URL elicitation only', { ...ui(APPS), elicitation: { url: {} } }, true],
    ['renders apps and elicits forms', { ...ui(APPS), elicitation: {} }, false],
    [
      'renders apps and lets them answer questions',
      { ...ui({ ...APPS, elicitation: {} }), elicitation: { form: {} } },
      false,
    ],
    ['declares the extension without the app MIME type', ui({ mimeTypes: ['text/html'] }), false],
    ['no extension, no elicitation', {}, false],
  ])('%s: %s', (_, capabilities, expected) => {
    expect(asksThroughApp(new ClientCapabilitiesView(capabilities as never))).toBe(expected);
  });
});
