import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import Fastify from 'fastify';
import { AppModule, appOptions } from '../getting-started/app.module.js';

export async function createFastifyApp() {
  const mcp = await Elicitor.create(AppModule, appOptions);
  const handleMcp = mcp.nodeHandler();
  const fastify = Fastify({ forceCloseConnections: true });
  fastify.get('/health', async () => ({ ok: true }));
  fastify.all('/mcp', async (request, reply) => {
    reply.hijack(); // Elicitor writes the response: JSON, or an SSE stream
    await handleMcp(request.raw, reply.raw, request.body); // the body Fastify parsed
  });
  fastify.addHook('preClose', () => mcp.close());
  return fastify; // await fastify.listen({ port: 3000 })
}
