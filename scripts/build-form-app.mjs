// Builds the form app Elicitor ships for asking through an app: type-checks ui/, then bundles
// ui/form-app (the App SDK included) into ONE HTML file, dist/ui/form-app.html, that the server serves
// as the `ui://elicitor/form` resource. Run by `npm run build` and `npm run build:lib`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSingleFileApps } from './single-file-app.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await buildSingleFileApps({
  appsDir: join(root, 'ui'),
  outDir: join(root, 'dist', 'ui'),
  apps: ['form-app'],
});
