import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CliError } from '../shared/cli.error.js';
import type { CliOutput } from '../shared/cli-output.js';
import { toKebabCase } from '../shared/name-case-converter.js';
import type { PackageInstaller } from '../shared/package-installer.js';
import type { PackagePacker } from '../shared/package-packer.js';
import type { Spinner } from '../shared/terminal-spinner.js';
import { projectFilesTemplate } from '../templates/project/project-files.template.js';
import type { ProjectOptions } from '../templates/project/project-options.types.js';

export interface NewActionOptions {
  name: string;
  transport: 'http' | 'stdio';
  skipInstall: boolean;
  packageManager: ProjectOptions['packageManager'];
  /** Where to create the project; defaults to `./<name>`. */
  directory?: string;
  /** `--elicitor-version`: the dependency spec written for elicitor (a range, `file:`, a tarball). */
  elicitorVersion?: string;
}

export interface NewActionContext {
  output: CliOutput;
  spinner: Spinner;
  installer: PackageInstaller;
  /** The elicitor version the new project depends on (`^` + this CLI's own version). */
  elicitorVersion: string;
  /**
   * Set when this CLI runs from a checkout or a local build: the package there is packed into the new
   * project, which then depends on that tarball, so nothing has to be published first.
   */
  localPackage?: { root: string; packer: PackagePacker };
  cwd: string;
}

/** `elicitor new`: writes a ready project, then installs its dependencies. */
export class NewAction {
  constructor(private readonly context: NewActionContext) {}

  async handle(options: NewActionOptions): Promise<number> {
    const { output, spinner } = this.context;
    const packageName = projectPackageName(options.name);
    if (!/^[a-z]/.test(packageName))
      throw new CliError(`Invalid project name "${options.name}": it must start with a letter.`);
    const root = resolve(this.context.cwd, options.directory ?? packageName);
    if (existsSync(root) && readdirSync(root).length > 0) {
      throw new CliError(`${root} already exists and is not empty.`);
    }

    const shown = relative(this.context.cwd, root) || '.';
    if (packageName !== options.name) {
      const what = options.directory === undefined ? 'package and folder name' : 'package name';
      output.out(
        `Using "${packageName}" as the ${what}: npm refuses "${options.name}" as a package name, so it was written in kebab-case.`,
      );
    }
    const files = projectFilesTemplate({
      packageName,
      elicitorVersion: options.elicitorVersion ?? (await this.elicitorDependency(root, shown)),
      defaultTransport: options.transport,
      packageManager: options.packageManager,
    });
    for (const file of files) {
      const path = join(root, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
      output.out(`${output.style.paint('green', 'CREATE')} ${join(shown, file.path)}`);
    }

    const pm = options.packageManager;
    if (!options.skipInstall) {
      spinner.start(`Installing dependencies with ${pm}`);
      const outcome = await this.context.installer.install(pm, root);
      if (!outcome.ok) {
        spinner.fail(`${pm} install failed`);
        if (outcome.log.trim()) output.err(outcome.log.trimEnd());
        throw new CliError(
          `${pm} install failed in ${shown}; fix the problem above and run it there yourself.`,
        );
      }
      spinner.succeed(`Installed dependencies with ${pm}`);
    }

    output.out('');
    output.out(`Created ${packageName}. Next:`);
    output.out(`  cd ${shown}`);
    if (options.skipInstall) output.out(`  ${pm} install`);
    output.out(`  ${pm} test`);
    output.out(`  ${pm === 'npm' ? 'npm run build' : `${pm} build`}`);
    output.out(`  ${pm} start`);
    return 0;
  }

  /** A registry range, or, from a local build, the tarball of that build packed into the project. */
  private async elicitorDependency(root: string, shown: string): Promise<string> {
    const local = this.context.localPackage;
    if (!local) return this.context.elicitorVersion;
    const { output } = this.context;
    mkdirSync(root, { recursive: true });
    let tarball: string;
    try {
      tarball = await local.packer.pack(local.root, root);
    } catch (error) {
      throw new CliError(
        `Could not pack the local elicitor package: ${(error as Error).message}. Build it first, or pass --elicitor-version.`,
      );
    }
    output.out(
      `${output.style.paint('green', 'PACK')} ${join(shown, tarball)} (elicitor from ${local.root})`,
    );
    return `file:${tarball}`;
  }
}

/** The name as given when npm accepts it as a package name, else its kebab-case spelling. */
function projectPackageName(name: string): string {
  return /^[a-z][a-z0-9._-]*$/.test(name) && name.length <= 214 ? name : toKebabCase(name);
}
