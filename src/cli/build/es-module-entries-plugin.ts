import type { EsbuildPlugin } from './esbuild-loader.js';

/**
 * Packages whose `main` is CommonJS but which ship an equivalent ES2015 module build: bundled from the
 * ES modules, only what the app uses stays (class-validator's CommonJS index pulls in every validator,
 * validator.js and libphonenumber-js's metadata, about 1 MB of a bundle).
 */
export const ES_MODULE_BUILDS = ['class-validator', 'class-transformer'];

const SPECIFIER = new RegExp(`^(${ES_MODULE_BUILDS.join('|').replace(/-/g, '\\-')})(/cjs/.*)?$`);

/**
 * Where an import of one of {@link ES_MODULE_BUILDS} goes: the bare name to the ES2015 index, and a deep
 * import of a CommonJS file (Elicitor reads class-transformer's `cjs/storage.js`) to the same file of the
 * ES2015 build, so every import meets one copy of the package's metadata storage.
 */
export function esModuleEntryOf(specifier: string): string | undefined {
  const match = SPECIFIER.exec(specifier);
  if (!match) return undefined;
  return match[2] ? `${match[1]}/esm2015/${match[2].slice('/cjs/'.length)}` : `${match[1]}/esm2015/index.js`;
}

export const esModuleEntriesPlugin: EsbuildPlugin = {
  name: 'elicitor-es-module-entries',
  setup(build) {
    build.onResolve({ filter: SPECIFIER }, async (args) => {
      const resolved = await build.resolve(esModuleEntryOf(args.path)!, {
        kind: args.kind,
        resolveDir: args.resolveDir,
      });
      // Not installed there, or built differently: leave the import to esbuild's own resolution.
      return resolved.errors.length > 0 ? undefined : { path: resolved.path };
    });
  },
};
