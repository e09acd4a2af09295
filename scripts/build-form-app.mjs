// Builds the form app Elicitor ships for asking through an app: type-checks ui/form-app, then bundles
// it with esbuild (the App SDK included) into ONE HTML file, dist/ui/form-app.html, that the server
// serves as the `ui://elicitor/form` resource. Inline, because a host's default CSP lets an app load
// nothing from anywhere.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const appDir = join(root, 'ui', 'form-app');
const outDir = join(root, 'dist', 'ui');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', appDir], { stdio: 'inherit' });

/** Replaces the `<!-- app:name -->` marker of the template, which must be there exactly once. */
function fill(template, name, content) {
  const marker = `<!-- app:${name} -->`;
  const parts = template.split(marker);
  if (parts.length !== 2) throw new Error(`form-app.html must contain ${marker} exactly once`);
  return parts.join(content);
}

/** Text that would end its inline element early cannot be inlined. */
function inlinable(text, element) {
  if (new RegExp(`</${element}`, 'i').test(text))
    throw new Error(`the form app bundle contains </${element}`);
  return text;
}

const result = await esbuild.build({
  entryPoints: [join(appDir, 'form-app.app.ts')],
  bundle: true,
  write: false,
  outdir: outDir,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  tsconfig: join(appDir, 'tsconfig.json'),
  logLevel: 'warning',
});
const output = (extension) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
let html = readFileSync(join(appDir, 'form-app.html'), 'utf8');
html = fill(html, 'styles', `<style>${inlinable(output('.css'), 'style')}</style>`);
html = fill(html, 'script', `<script>${inlinable(output('.js'), 'script')}</script>`);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'form-app.html'), html);
console.log(`form app: dist/ui/form-app.html (${Math.round(html.length / 1024)} KiB)`);
