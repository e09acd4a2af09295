// Builds this sample's MCP Apps into dist/ui/<name>.html, one self-contained file each, for the server's
// @UiResource({ file }).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSingleFileApps } from '../../scripts/single-file-app.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await buildSingleFileApps({
  appsDir: join(here, 'apps'),
  outDir: join(here, 'dist', 'ui'),
  apps: ['seat-map', 'boarding-pass'],
});
