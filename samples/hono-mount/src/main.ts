import { startServer } from './server.js';

const running = await startServer(Number(process.env.PORT ?? 3000));
console.error(
  `hono-mount: reminders at ${running.url.replace(/\/mcp$/, '/reminders')}, MCP at ${running.url}`,
);
const stop = () => void running.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
