import type { ProjectOptions } from './project-options.types.js';

export function readmeTemplate(options: ProjectOptions): string {
  const pm = options.packageManager;
  const run = (script: string): string => (pm === 'npm' ? `npm run ${script}` : `${pm} ${script}`);
  const startWith = (flag: string): string => (pm === 'npm' ? `npm start -- ${flag}` : `${pm} start ${flag}`);
  const otherTransport =
    options.defaultTransport === 'http'
      ? `- \`${startWith('--stdio')}\` serves over stdin/stdout instead.`
      : `- \`PORT=3000 ${startWith('--http')}\` serves Streamable HTTP instead.`;
  const defaultTransport =
    options.defaultTransport === 'http'
      ? `serves Streamable HTTP on \`PORT\` (default 3000).`
      : `serves over stdin/stdout, for clients that launch the server themselves.`;
  return `# ${options.packageName}

An MCP server built with [elicitor](https://www.npmjs.com/package/elicitor): its tools can stop mid-call
to ask the user something.

## Run it

- \`${run('build')}\` compiles \`src/\` with tsc, then bundles the output into \`dist/main.bundle.mjs\` (\`elicitor build\`, with esbuild) for fast starts.
- \`${pm === 'npm' ? 'npm start' : `${pm} start`}\` runs that bundle and ${defaultTransport}
${otherTransport}
- \`${run('start:dev')}\` runs the tsc output in watch mode: it recompiles on every save and restarts the server.
- \`${pm === 'npm' ? 'npm test' : `${pm} test`}\` runs the specs with scripted answers (\`elicitor/testing\`).
- \`${run('inspector')}\` builds, then opens the [MCP Inspector](https://github.com/modelcontextprotocol/inspector)'s web UI on the server over stdio, to try each tool by hand (Node 22.19 or later); \`${pm === 'npm' ? 'npm run inspector -- --protocol-era modern' : `${pm} inspector --protocol-era modern`}\` picks the 2026-07-28 wire, \`legacy\` 2025-11-25.

Once built, try the \`greet\` tool from a terminal; it asks for your name:

\`\`\`sh
npx elicitor call "node dist/main.bundle.mjs --stdio" greet
\`\`\`

If \`elicitor\` in \`package.json\` points at a tarball (\`file:elicitor-<version>.tgz\`), the project was
made from a local build of elicitor, packed into this folder; keep that file, or change the dependency to
a published version.

## Add more

\`\`\`sh
npx elicitor generate module orders                  # src/orders/orders.module.ts, imported by src/app.module.ts
npx elicitor generate tool orders                    # src/orders/orders.tool.ts, added to the tools of OrdersModule
npx elicitor generate form address --module orders   # an @ElicitSchema() form class, added to forms
npx elicitor generate service billing --module orders
npx elicitor generate guard staff-only --module orders
npx elicitor generate filter out-of-stock --module orders
npx elicitor generate interceptor audit --module orders
\`\`\`

Without \`--module\`, the class goes into the nearest \`<folder>/<folder>.module.ts\` up its folders, else
into \`src/app.module.ts\`. A module's guards, filters and interceptors apply to that module's tools.

## Layout

- \`src/app.module.ts\` is the root module: it imports the feature modules.
- \`src/greeter/greeter.module.ts\` is a feature module: its \`tools\`, \`forms\` and \`providers\`.
- \`src/greeter/greeter.tool.ts\` is a tool class; \`name.form.ts\` is the form it asks for;
  \`greeting.service.ts\` is a provider it injects.
- \`src/main.ts\` builds the app from the root module (\`Elicitor.create(AppModule, { name, version })\`)
  and serves it.
- \`src/greeter/greeter.tool.spec.ts\` drives the real app with \`TestClient\`.
`;
}
