import type { ProjectOptions } from './project-options.types.js';

/**
 * Specs run as ES modules through ts-jest. Jest can load ES modules only when Node runs with
 * `--experimental-vm-modules`, which the `test` script sets; a bare `npx jest` is told so in one line
 * instead of failing on the first `import`.
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

/** Specs run as ES modules through ts-jest; \`.js\` import suffixes map back to the \`.ts\` sources. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },
};
`;
}
