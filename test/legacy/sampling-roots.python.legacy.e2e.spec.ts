import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import type { ElicitorApp } from 'elicitor';
import { ConformanceModule, conformanceOptions } from '../../samples/conformance/src/conformance.module.js';
import { PYTHON_CASES, runPythonClient, textOfOutcome } from '../support/python-client.js';
import type { PythonRun } from '../support/python-client.js';
import { startHttpModuleApp } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';

/**
 * Sampling and roots with the official Python SDK client (ELICITOR_PYTHON), against the conformance
 * sample's tools that ask for them: pushed as `sampling/createMessage` and `roots/list` on the
 * initialize wire (2025-11-25), carried in `input_required` rounds on 2026-07-28; over Streamable HTTP
 * (app in this process) and stdio (the built sample as a child of the Python client).
 */
const describeWithPython = describeWhen('python');
const CONFORMANCE_MAIN = fileURLToPath(new URL('../../samples/conformance/dist/main.js', import.meta.url));
const SLOW = 90_000;

describeWithPython.each(PYTHON_CASES)(
  'sampling and roots with the Python SDK client over %s, mode %s',
  (transport, mode, version) => {
    let app: ElicitorApp | undefined;
    let run: PythonRun;

    beforeAll(async () => {
      let target = [process.execPath, CONFORMANCE_MAIN, '--stdio'];
      if (transport === 'http') {
        const started = await startHttpModuleApp(ConformanceModule, {
          ...conformanceOptions,
          logger: { info() {}, warn() {}, error() {} },
        });
        app = started.app;
        target = [started.url];
      }
      run = await runPythonClient({
        transport,
        target,
        mode,
        values: {},
        sampling: { text: 'Forty-two.', model: 'e2e-model' },
        roots: [{ uri: 'file:///srv/project', name: 'project' }],
        steps: [
          { call: 'test_sampling', arguments: { prompt: 'What is 6 x 7?' } },
          { call: 'test_input_required_result_list_roots' },
        ],
      });
    }, SLOW);
    afterAll(() => app?.close());

    it(`negotiates ${version}`, () => {
      expect(run.protocolVersion).toBe(version);
    });

    it("test_sampling: the client's model answers the prompt", () => {
      const [sampling] = run.steps;
      expect(textOfOutcome(sampling!)).toBe('LLM response: Forty-two.');
      expect(sampling!.sampled).toStrictEqual([
        {
          messages: [{ role: 'user', content: { type: 'text', text: 'What is 6 x 7?' } }],
          maxTokens: 100,
        },
      ]);
    });

    it("test_input_required_result_list_roots: the client's roots, listed once", () => {
      const [, roots] = run.steps;
      expect(textOfOutcome(roots!)).toBe('Client roots: file:///srv/project');
      expect(roots!.rootsListed).toBe(1);
    });
  },
);
