import { CliError } from '../shared/cli.error.js';
import { toKebabCase } from '../shared/name-case-converter.js';
import type { ProjectReader } from './project-reader.types.js';
import { APP_MODULE_PATH } from './schematic-names.builder.js';

/**
 * The module file `--module` names: `app` is `src/app.module.ts`; `orders` is `src/orders/orders.module.ts`,
 * `admin/users` is `src/admin/users/users.module.ts`; a path ending in `.module.ts` is taken as it is.
 */
export function findTargetModule(name: string, project: ProjectReader): string {
  const path = modulePathOf(name);
  if (!project.exists(path)) {
    throw new CliError(
      `--module ${name}: ${path} does not exist; nothing was written. Create it with elicitor generate module ${name}.`,
    );
  }
  return path;
}

function modulePathOf(name: string): string {
  const trimmed = name.replace(/\\/g, '/').replace(/^\.\//, '');
  if (trimmed.endsWith('.module.ts')) return trimmed;
  const segments = trimmed
    .replace(/^src\//, '')
    .split('/')
    .map((segment) => toKebabCase(segment.replace(/[-_]?module$/i, '')))
    .filter(Boolean);
  if (segments.length === 0 || (segments.length === 1 && segments[0] === 'app')) return APP_MODULE_PATH;
  return `src/${segments.join('/')}/${segments[segments.length - 1]}.module.ts`;
}
