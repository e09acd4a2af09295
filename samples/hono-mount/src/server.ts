import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ElicitorAppOptions } from 'elicitor';
import { Hono } from 'hono';
import { ReminderList } from './reminders/reminder-list.service.js';
import { RemindersModule } from './reminders/reminders.module.js';

export interface RunningServer {
  mcp: ElicitorApp;
  reminders: ReminderList;
  url: string;
  close(): Promise<void>;
}

/** A Hono 4 app on @hono/node-server: its own routes, and Elicitor at /mcp through `app.fetch`. */
export async function startServer(
  port: number,
  options: Pick<ElicitorAppOptions, 'logger'> = {},
): Promise<RunningServer> {
  const reminders = new ReminderList();
  const mcp = await Elicitor.create(RemindersModule.forRoot(reminders), {
    name: 'hono-mount',
    version: '0.1.0',
    ...options,
  });

  const app = new Hono();
  app.get('/reminders', (c) => c.json(reminders.list()));
  app.all('/mcp', (c) => mcp.fetch(c.req.raw)); // web-standard Request in, Response out

  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    mcp,
    reminders,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: async () => {
      await mcp.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
