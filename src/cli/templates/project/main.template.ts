import type { ProjectOptions } from './project-options.types.js';

/**
 * The entry point: builds the app from the root module in `src/app.module.ts` and serves it. An async
 * `main()` rather than a top-level await, so the file still compiles once the project is CommonJS.
 */
export function mainTemplate(options: ProjectOptions): string {
  const [flag, primary, secondary] =
    options.defaultTransport === 'stdio'
      ? ['--http', 'stdio by default; `--http` serves Streamable HTTP on PORT instead.', true]
      : ['--stdio', 'Streamable HTTP on PORT by default; `--stdio` serves over stdin/stdout instead.', false];
  const serveStdio = `await app.listen({ stdio: true });
    await app.stdioClosed();
    await app.close();`;
  const serveHttp = `const { url } = await app.listen({ http: { port: Number(process.env.PORT ?? 3000) } });
    console.log(\`${options.packageName} listening on \${url}\`);
    const stop = () => void app.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);`;
  const [flagged, otherwise] = secondary ? [serveHttp, serveStdio] : [serveStdio, serveHttp];
  return `import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { AppModule } from './app.module.js';

async function main(): Promise<void> {
  const app = await Elicitor.create(AppModule, { name: '${options.packageName}', version: '0.1.0' });

  // ${primary}
  if (process.argv.includes('${flag}')) {
    ${flagged}
  } else {
    ${otherwise}
  }
}

// No top-level await: the same file runs as an ES module or, switched over, as CommonJS.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
`;
}
