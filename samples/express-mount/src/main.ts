import { startServer } from './server.js';

const running = await startServer(Number(process.env.PORT ?? 3000));
const address = running.server.address();
const port = typeof address === 'object' && address ? address.port : process.env.PORT;
console.error(
  `express-mount: REST at http://127.0.0.1:${port}/api/tickets, MCP at http://127.0.0.1:${port}/mcp`,
);
const stop = () => void running.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
