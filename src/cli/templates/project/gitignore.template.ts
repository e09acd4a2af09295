export function gitignoreTemplate(): string {
  return ['node_modules/', 'dist/', 'coverage/', '*.tsbuildinfo', '.env', ''].join('\n');
}
