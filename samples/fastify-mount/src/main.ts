import { startServer } from './server.js';

const running = await startServer(Number(process.env.PORT ?? 3000));
console.error(`fastify-mount: rooms at ${running.url.replace(/\/mcp$/, '/rooms')}, MCP at ${running.url}`);
const stop = () => void running.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
