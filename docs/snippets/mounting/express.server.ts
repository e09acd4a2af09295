import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import express from 'express';
import { AppModule, appOptions } from '../getting-started/app.module.js';

export async function createExpressApp() {
  const mcp = await Elicitor.create(AppModule, appOptions);
  const app = express();
  app.use(express.json()); // Elicitor uses req.body when a parser already read the stream
  app.get('/health', (_request, response) => {
    response.json({ ok: true });
  });
  app.all('/mcp', mcp.nodeHandler()); // both eras, SSE included
  return { app, mcp }; // app.listen(3000); on shutdown, await mcp.close()
}
