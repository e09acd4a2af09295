import { startServer } from './server.js';

const { nest, url } = await startServer(Number(process.env.PORT ?? 3000));
nest.enableShutdownHooks(); // SIGINT/SIGTERM close Nest, and with it the Elicitor app
console.error(`nest-mount: orders at ${url.replace(/\/mcp$/, '/orders')}, MCP at ${url}`);
