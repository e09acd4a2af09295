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

- \`${pm === 'npm' ? 'npm start' : `${pm} start`}\` builds and ${defaultTransport}
${otherTransport}
- \`${run('start:dev')}\` does the same in watch mode: it recompiles on every save and restarts the server.
- \`${pm === 'npm' ? 'npm test' : `${pm} test`}\` runs the specs with scripted answers (\`elicitor/testing\`).
- \`${run('build')}\` compiles \`src/\` to \`dist/\`.

Once built, try the \`greet\` tool from a terminal; it asks for your name:

\`\`\`sh
npx elicitor call "node dist/main.js --stdio" greet
\`\`\`

If \`elicitor\` in \`package.json\` points at a tarball (\`file:elicitor-<version>.tgz\`), the project was
made from a local build of elicitor, packed into this folder; keep that file, or change the dependency to
a published version.

## Add more

\`\`\`sh
npx elicitor generate tool orders        # src/orders/orders.tool.ts, added to tools in src/app.module.ts
npx elicitor generate schema address     # an @ElicitSchema() form class, added to forms
npx elicitor generate service billing    # an injectable provider, added to providers
npx elicitor generate interceptor audit  # runs around every tool call, added to interceptors
\`\`\`

## Layout

- \`src/app.module.ts\` lists what the app is made of: \`tools\`, \`providers\`, \`forms\`, \`interceptors\`.
- \`src/main.ts\` builds the app from it and serves it.
- \`src/greeter/greeter.tool.ts\` is a tool class; \`name.schema.ts\` is the form it asks for.
- \`src/greeter/greeter.tool.spec.ts\` drives the app's real module with \`TestClient\`.
`;
}
