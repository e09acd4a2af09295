import { posix } from 'node:path';
import { CliError } from '../shared/cli.error.js';
import { toCamelCase, toKebabCase, toPascalCase } from '../shared/name-case-converter.js';

/** Names a schematic derives from what the user typed (e.g. `admin/ShoppingCart`). */
export interface SchematicNames {
  /** kebab-case base name: `shopping-cart`. */
  kebab: string;
  /** PascalCase base name: `ShoppingCart`. */
  pascal: string;
  /** camelCase base name: `shoppingCart` (the tool method). */
  camel: string;
  /** snake_case base name: `shopping_cart` (the tool name elicitor derives from the method). */
  snake: string;
  /** The class: `ShoppingCartTools`. */
  className: string;
  /** Folder of the new files, relative to the project root: `src/admin/shopping-cart`. */
  directory: string;
  /** `shopping-cart.tool.ts` */
  fileName: string;
  /** `shopping-cart.tool.spec.ts` */
  specFileName: string;
  /** How the new files import the app's module, `src/app.module.ts`: `../app.module.js`. */
  appModuleImport: string;
}

export interface SchematicNaming {
  fileRole: string;
  classSuffix: string;
  /** Trailing words dropped from the typed name, so `CartTools` does not become `CartToolsTools`. */
  redundantSuffixes: readonly string[];
}

/** Where every project keeps its registration lists; `elicitor new` writes it, `generate` adds to it. */
export const APP_MODULE_PATH = 'src/app.module.ts';

/** An ESM import specifier from a folder to a `.ts` file of the project: `./x.js` or `../x.js`. */
export function relativeImport(fromDirectory: string, toFile: string): string {
  const path = posix.relative(fromDirectory, toFile).replace(/\.ts$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * `base` is the folder the name's own folders start from: `src`, or the target module's folder.
 */
export function buildSchematicNames(
  rawName: string,
  naming: SchematicNaming,
  flat: boolean,
  base = 'src',
): SchematicNames {
  const segments = rawName.split(/[\\/]+/).filter((segment) => segment.length > 0);
  const last = segments.pop() ?? '';
  const folders = segments.map(toKebabCase).filter((folder) => folder.length > 0);
  let words = toKebabCase(last).split('-').filter(Boolean);
  if (words.length > 1 && naming.redundantSuffixes.includes(words[words.length - 1]))
    words = words.slice(0, -1);
  const kebab = words.join('-');
  if (!/^[a-z]/.test(kebab)) {
    throw new CliError(`Invalid name "${rawName}": it must start with a letter.`);
  }
  const directory = [base, ...folders, ...(flat ? [] : [kebab])].join('/');
  return {
    kebab,
    pascal: toPascalCase(kebab),
    camel: toCamelCase(kebab),
    snake: kebab.replace(/-/g, '_'),
    className: `${toPascalCase(kebab)}${naming.classSuffix}`,
    directory,
    fileName: `${kebab}.${naming.fileRole}.ts`,
    specFileName: `${kebab}.${naming.fileRole}.spec.ts`,
    appModuleImport: relativeImport(directory, APP_MODULE_PATH),
  };
}
