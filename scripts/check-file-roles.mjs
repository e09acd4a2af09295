#!/usr/bin/env node
// Every source file under src/ is named `<what>.ts` or `<what>.<role>.ts` with a role from the closed
// set in ARCHITECTURE.md, so a file's name says what it is and the same role is spelled one way.
import { execFileSync } from 'node:child_process';

const ROLES = new Set([
  'action', 'adapter', 'builder', 'check', 'codec', 'command', 'constants', 'decorator', 'error',
  'factory', 'filter', 'formatter', 'guard', 'handler', 'interceptor', 'metadata', 'module', 'options',
  'reader', 'registry', 'runner', 'store', 'template', 'transport', 'types',
]);

const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const offenders = [];
for (const file of files) {
  const name = file.split('/').pop();
  if (!name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.spec-helper.ts')) continue;
  const parts = name.replace(/\.spec\.ts$|\.ts$/, '').split('.');
  if (parts.length === 1) continue;
  if (parts.length > 2 || !ROLES.has(parts[1])) offenders.push(file);
}
if (offenders.length > 0) {
  console.error(`File names outside the closed set of roles (see ARCHITECTURE.md):\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
console.log(`file roles: ${files.length} files, every role in the closed set`);
