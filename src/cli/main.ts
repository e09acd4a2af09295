#!/usr/bin/env node
import { CallAction } from './actions/call.action.js';
import { GenerateAction } from './actions/generate.action.js';
import { InspectAction } from './actions/inspect.action.js';
import { NewAction } from './actions/new.action.js';
import { inquirerPromptKit } from './client/elicitation/prompt-kit.adapter.js';
import type { CliHandlers } from './commands/cli-handlers.types.js';
import { runCli } from './commands/cli.runner.js';
import { readCliPackage } from './shared/cli-package.reader.js';
import { processOutput } from './shared/cli.output.js';
import { ChildProcessInstaller } from './shared/package.installer.js';
import { createSpinner } from './shared/terminal.spinner.js';

// The bin: wires the real terminal, disk and network into the commands. It never imports the runtime library.
const { version } = readCliPackage();
const output = processOutput();
const handlers: CliHandlers = {
  newProject: (options) =>
    new NewAction({
      output,
      spinner: createSpinner(),
      installer: new ChildProcessInstaller(),
      elicitorVersion: `^${version}`,
      cwd: process.cwd(),
    }).handle(options),
  generate: (options) => new GenerateAction({ output, cwd: process.cwd() }).handle(options),
  call: (options) =>
    new CallAction({
      output,
      spinner: createSpinner(),
      prompts: inquirerPromptKit,
      interactive: process.stdin.isTTY === true,
      clientVersion: version,
    }).handle(options),
  inspect: (options) => new InspectAction({ output, spinner: createSpinner(), clientVersion: version }).handle(options),
};

process.exitCode = await runCli(process.argv.slice(2), handlers, version, output);
