import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { Hono } from 'hono';
import { AppModule, appOptions } from '../getting-started/app.module.js';

export async function createHonoApp() {
  const mcp = await Elicitor.create(AppModule, appOptions);
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  app.all('/mcp', (c) => mcp.fetch(c.req.raw)); // a web Request in, a Response out
  return { app, mcp }; // on Node: serve({ fetch: app.fetch, port: 3000 }) from @hono/node-server
}
