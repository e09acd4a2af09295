import type { ProjectOptions } from './project-options.types.js';

/** The entry point: one `Elicitor.create` call that `elicitor generate` keeps registering into. */
export function mainTemplate(options: ProjectOptions): string {
  const listen =
    options.defaultTransport === 'stdio'
      ? `// stdio by default; \`--http\` serves Streamable HTTP on PORT instead.
if (process.argv.includes('--http')) {
  const port = Number(process.env.PORT ?? 3000);
  await app.listen({ http: { port } });
  console.log(\`${options.packageName} listening on port \${port}\`);
} else {
  await app.listen({ stdio: true });
}`
      : `// Streamable HTTP on PORT by default; \`--stdio\` serves over stdin/stdout instead.
if (process.argv.includes('--stdio')) {
  await app.listen({ stdio: true });
} else {
  const port = Number(process.env.PORT ?? 3000);
  await app.listen({ http: { port } });
  console.log(\`${options.packageName} listening on port \${port}\`);
}`;
  return `import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';

const app = await Elicitor.create({
  name: '${options.packageName}',
  version: '0.1.0',
  tools: [GreeterTools],
});

${listen}
`;
}
