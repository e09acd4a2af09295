import type { ProjectOptions } from './project-options.types.js';

/**
 * Specs run as ES modules through ts-jest, also in a project switched to CommonJS: elicitor's
 * dependencies are ES modules, which Jest's own `require` cannot load. Jest can load ES modules only
 * when Node runs with `--experimental-vm-modules`, which the `test` script sets; a bare `npx jest` is
 * told so in one line instead of failing on the first `import`. `.mjs`, so the config is an ES module
 * whatever the package's `type`.
 */
export function jestConfigTemplate(options: ProjectOptions): string {
  return `import vm from 'node:vm';

// vm.SourceTextModule exists only with Node's --experimental-vm-modules, which Jest needs for ES modules.
if (typeof vm.SourceTextModule !== 'function') {
  console.error(
    "These specs are ES modules, which Jest runs only with Node's --experimental-vm-modules: run \`${options.packageManager} test\`, or NODE_OPTIONS=--experimental-vm-modules npx jest",
  );
  process.exit(1);
}

/**
 * Specs run as ES modules through ts-jest, even when tsconfig.json compiles to CommonJS (elicitor's
 * dependencies are ES modules); \`.js\` import suffixes map back to the \`.ts\` sources.
 */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },
  transform: {
    '^.+\\\\.ts$': ['ts-jest', { useESM: true, tsconfig: { module: 'ESNext', moduleResolution: 'Bundler' } }],
  },
};
`;
}
