import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElicitorApp } from 'elicitor';
import { CallAction } from '../../src/cli/actions/call.action.js';
import { InspectAction } from '../../src/cli/actions/inspect.action.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { SilentSpinner } from '../../src/cli/shared/terminal-spinner.js';
import { AppsModule } from '../fixtures/apps-app/src/apps.module.js';
import { startHttpModuleApp } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };
const workDir = mkdtempSync(join(tmpdir(), 'elicitor-apps-cli-'));

describe('the elicitor CLI and MCP Apps', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(AppsModule, { name: 'seats', version: '1.0.0', logger: quiet }));
  });
  afterAll(() => app.close());

  it.each(['auto', 'legacy'] as const)(
    'call (%s era) says a question has an app and answers its form',
    async (era) => {
      const answers = join(workDir, `seat-${era}.json`);
      writeFileSync(answers, JSON.stringify({ byField: { seat: '2B' } }));
      const output = new CapturedOutput();
      const action = new CallAction({
        output,
        spinner: new SilentSpinner(),
        prompts: () => {
          throw new Error('no terminal prompts expected');
        },
        interactive: false,
        clientVersion: '0.0.0-test',
      });
      const exitCode = await action.handle({
        server: url,
        tool: 'pick_seat',
        answers,
        era,
        timeout: 30,
        header: [],
        json: false,
      });
      expect(exitCode).toBe(0);
      expect(output.outLines.slice(0, 3)).toStrictEqual([
        '[1] form: Pick a seat',
        '    app: ui://seats/picker (a host that renders MCP Apps shows it; asked here as its form)',
        '    seat: one of 1A | 1B | 2A | 2B, required',
      ]);
      expect(output.stdout).toContain('Seat 2B');
    },
  );

  it('inspect lists the UI of each tool and the UI resources', async () => {
    const output = new CapturedOutput();
    const action = new InspectAction({ output, spinner: new SilentSpinner(), clientVersion: '0.0.0-test' });
    expect(await action.handle({ server: url, era: 'auto', header: [], json: false })).toBe(0);
    const text = output.outLines.join('\n');
    expect(text).toContain(
      'show_booking\n  Shows a booking\n  arguments:\n    flight  string, required\n  ui: ui://seats/booking',
    );
    expect(text).toContain(
      'refresh_booking\n  Refreshes the booking card\n  arguments:\n    flight  string, required\n  ui: ui://seats/booking (app only: hidden from the model)',
    );
    expect(text).toContain(
      '1 UI resource\n\nui://seats/picker\n  name: Seat picker\n  Pick a seat on the cabin map',
    );
    const json = new CapturedOutput();
    await new InspectAction({
      output: json,
      spinner: new SilentSpinner(),
      clientVersion: '0.0.0-test',
    }).handle({
      server: url,
      era: 'auto',
      header: [],
      json: true,
    });
    expect(JSON.parse(json.stdout).uiResources).toStrictEqual([
      { uri: 'ui://seats/picker', name: 'Seat picker', description: 'Pick a seat on the cabin map' },
    ]);
  });
});
