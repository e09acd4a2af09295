#!/usr/bin/env node
import type { CliHandlers } from './commands/cli-handlers.types.js';
import { runCli } from './commands/cli.runner.js';
import { readCliPackage } from './shared/cli-package.reader.js';
import { processOutput } from './shared/cli-output.js';
import { createSpinner } from './shared/terminal-spinner.js';

// The bin: wires the real terminal, disk and network into the commands. It never imports the runtime
// library. Actions load lazily, so `generate` does not pay for the MCP client and the prompts.
const cliPackage = readCliPackage();
const { version } = cliPackage;
const output = processOutput();
const handlers: CliHandlers = {
  newProject: async (options) => {
    const { NewAction } = await import('./actions/new.action.js');
    const { ChildProcessInstaller } = await import('./shared/package-installer.js');
    const { NpmPacker } = await import('./shared/package-packer.js');
    const installer = new ChildProcessInstaller();
    const context = {
      output,
      spinner: createSpinner(),
      installer,
      elicitorVersion: `^${version}`,
      ...(cliPackage.local ? { localPackage: { root: cliPackage.root, packer: new NpmPacker() } } : {}),
      cwd: process.cwd(),
    };
    return new NewAction(context).handle(options);
  },
  generate: async (options) => {
    const { GenerateAction } = await import('./actions/generate.action.js');
    return new GenerateAction({ output, cwd: process.cwd() }).handle(options);
  },
  call: async (options) => {
    const { CallAction } = await import('./actions/call.action.js');
    const { inquirerPromptKit } = await import('./client/elicitation/prompt-kit.adapter.js');
    const interactive = process.stdin.isTTY === true;
    const context = {
      output,
      spinner: createSpinner(),
      prompts: inquirerPromptKit,
      interactive,
      clientVersion: version,
    };
    return new CallAction(context).handle(options);
  },
  inspect: async (options) => {
    const { InspectAction } = await import('./actions/inspect.action.js');
    return new InspectAction({ output, spinner: createSpinner(), clientVersion: version }).handle(options);
  },
  forms: async (options) => {
    const { FormsAction } = await import('./actions/forms.action.js');
    const { ChildProcessFormsReader } = await import('./forms/app-forms.reader.js');
    return new FormsAction({ output, cwd: process.cwd(), reader: new ChildProcessFormsReader() }).handle(
      options,
    );
  },
  build: async (options) => {
    const { BuildAction } = await import('./actions/build.action.js');
    const { loadEsbuild } = await import('./build/esbuild-loader.js');
    return new BuildAction({ output, cwd: process.cwd(), loadEsbuild }).handle(options);
  },
};

process.exitCode = await runCli(process.argv.slice(2), handlers, version, output);
