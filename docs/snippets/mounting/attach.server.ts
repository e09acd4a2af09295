import 'reflect-metadata';
import { createServer } from 'node:http';
import { Elicitor } from 'elicitor';
import { AppModule, appOptions } from '../getting-started/app.module.js';

export async function createAttachedServer() {
  const mcp = await Elicitor.create(AppModule, appOptions);
  // A server that already answers its own requests (an Express app, a health check, ...).
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  mcp.attach(server, { path: '/mcp' }); // /mcp goes to Elicitor, every other path to the listener above
  return { server, mcp }; // server.listen(3000); mcp.close() detaches, the server keeps running
}
