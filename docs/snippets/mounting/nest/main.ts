import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

export async function startNest(port: number) {
  const nest = await NestFactory.create(AppModule, { forceCloseConnections: true });
  nest.enableShutdownHooks(); // SIGTERM closes Nest, and the Elicitor app with it
  await nest.listen(port, '127.0.0.1');
  return nest;
}
