import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ElicitorAppOptions } from 'elicitor';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { ROOMS, RoomBookings } from './rooms/room-bookings.service.js';
import { RoomsModule } from './rooms/rooms.module.js';

export interface RunningServer {
  fastify: FastifyInstance;
  mcp: ElicitorApp;
  bookings: RoomBookings;
  url: string;
  close(): Promise<void>;
}

/** A Fastify 5 app with its own routes, and Elicitor at /mcp on the same bookings. */
export async function startServer(
  port: number,
  options: Pick<ElicitorAppOptions, 'logger'> = {},
): Promise<RunningServer> {
  const bookings = new RoomBookings();
  const mcp = await Elicitor.create(RoomsModule.forRoot(bookings), {
    name: 'fastify-mount',
    version: '0.1.0',
    ...options,
  });

  const fastify = Fastify({ forceCloseConnections: true }); // open streams do not hold up a shutdown
  fastify.get('/rooms', async () =>
    ROOMS.map((room) => ({ room, bookings: bookings.list().filter((b) => b.room === room) })),
  );

  const handleMcp = mcp.nodeHandler();
  fastify.all('/mcp', async (request, reply) => {
    reply.hijack(); // Elicitor writes the response itself (JSON or an SSE stream)
    await handleMcp(request.raw, reply.raw, request.body); // the body Fastify parsed
  });
  fastify.addHook('preClose', () => mcp.close()); // ends open MCP streams before the server waits for its connections

  const address = await fastify.listen({ port, host: '127.0.0.1' });
  return { fastify, mcp, bookings, url: `${address}/mcp`, close: () => fastify.close() };
}
