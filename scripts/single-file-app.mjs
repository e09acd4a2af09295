// Bundles MCP Apps into ONE self-contained HTML file each (script and styles inline): a host's default CSP
// lets an app load nothing from anywhere. Used by the samples' `build.ui.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** Replaces the `<!-- app:name -->` marker of a template, which must be there exactly once. */
function fill(template, name, content, file) {
  const marker = `<!-- app:${name} -->`;
  const parts = template.split(marker);
  if (parts.length !== 2) throw new Error(`${file} must contain ${marker} exactly once`);
  return parts.join(content);
}

/** Text that would end its inline element early cannot be inlined. */
function inlinable(text, element, file) {
  if (new RegExp(`</${element}`, 'i').test(text))
    throw new Error(`${file}: the bundle contains </${element}`);
  return text;
}

/**
 * Type-checks `appsDir` (its tsconfig.json), then bundles each app `<appsDir>/<name>/<name>.app.ts` into its
 * template `<name>.html`, written to `<outDir>/<name>.html`.
 */
export async function buildSingleFileApps({ appsDir, outDir, apps }) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', appsDir], { stdio: 'inherit' });
  mkdirSync(outDir, { recursive: true });
  for (const name of apps) {
    const result = await esbuild.build({
      entryPoints: [join(appsDir, name, `${name}.app.ts`)],
      bundle: true,
      write: false,
      outdir: outDir,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      tsconfig: join(appsDir, 'tsconfig.json'),
      logLevel: 'warning',
    });
    const output = (extension) =>
      result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
    const template = join(appsDir, name, `${name}.html`);
    let html = readFileSync(template, 'utf8');
    html = fill(html, 'styles', `<style>${inlinable(output('.css'), 'style', name)}</style>`, template);
    html = fill(html, 'script', `<script>${inlinable(output('.js'), 'script', name)}</script>`, template);
    writeFileSync(join(outDir, `${name}.html`), html);
    console.log(`${name}: ${Math.round(html.length / 1024)} KiB`);
  }
}
