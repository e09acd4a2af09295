export function jestConfigTemplate(): string {
  return `/** Specs run as ES modules through ts-jest; \`.js\` import suffixes map back to the \`.ts\` sources. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },
};
`;
}
