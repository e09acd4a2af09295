import 'reflect-metadata';
import type { Server } from 'node:http';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ElicitorAppOptions } from 'elicitor';
import express from 'express';
import { TicketStore } from './tickets/ticket-store.service.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { ticketsRouter } from './tickets/tickets.router.js';

export interface RunningServer {
  server: Server;
  mcp: ElicitorApp;
  store: TicketStore;
  close(): Promise<void>;
}

/** An Express 5 app: JSON REST routes under /api, and Elicitor at /mcp, sharing one ticket store. */
export async function startServer(
  port: number,
  options: Pick<ElicitorAppOptions, 'logger'> = {},
): Promise<RunningServer> {
  const store = new TicketStore();
  const mcp = await Elicitor.create(TicketsModule.forRoot(store), {
    name: 'express-mount',
    version: '0.1.0',
    ...options,
  });

  const app = express();
  app.use(express.json()); // Elicitor uses the body it parsed (req.body)
  app.use('/api', ticketsRouter(store));
  app.all('/mcp', mcp.nodeHandler());

  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    server,
    mcp,
    store,
    close: async () => {
      await mcp.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
