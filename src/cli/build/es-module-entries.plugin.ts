import type { EsbuildPlugin } from './esbuild.loader.js';

/**
 * Packages whose `main` is CommonJS but which ship an equivalent ES2015 module build: bundled from the
 * ES modules, only what the app uses stays (class-validator's CommonJS index pulls in every validator,
 * validator.js and libphonenumber-js's metadata, about 1 MB of a bundle). Only the bare specifier is
 * redirected, so every import of the package still meets one copy of its metadata storage.
 */
export const ES_MODULE_ENTRIES: Record<string, string> = {
  'class-validator': 'class-validator/esm2015/index.js',
  'class-transformer': 'class-transformer/esm2015/index.js',
};

export const esModuleEntriesPlugin: EsbuildPlugin = {
  name: 'elicitor-es-module-entries',
  setup(build) {
    const names = Object.keys(ES_MODULE_ENTRIES).map((name) => name.replace(/[-/]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, async (args) => {
      const resolved = await build.resolve(ES_MODULE_ENTRIES[args.path], {
        kind: args.kind,
        resolveDir: args.resolveDir,
      });
      // Not installed there, or built differently: leave the import to esbuild's own resolution.
      return resolved.errors.length > 0 ? undefined : { path: resolved.path };
    });
  },
};
