/** Jest runs TypeScript as ESM through ts-jest, because inversify 8 is ESM-only. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/samples', '<rootDir>/docs'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/templates/files/'],
  modulePathIgnorePatterns: ['<rootDir>/samples/.*/dist/', '<rootDir>/build-check/'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        useESM: true,
        tsconfig: '<rootDir>/tsconfig.json',
        diagnostics: { ignoreCodes: ['TS151001', 'TS151002'] },
      },
    ],
  },
  // After the summary: each skipped suite or test, and what turns it on (test/support/test-requirements.ts).
  reporters: ['default', '<rootDir>/test/support/skipped-suites.reporter.mjs'],
  setupFilesAfterEnv: ['<rootDir>/test/support/preload-sdk.setup.ts'],
  testTimeout: 30000,
};
