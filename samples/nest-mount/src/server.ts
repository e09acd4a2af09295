import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServerLogger } from 'elicitor';
import { AppModule } from './app.module.js';

export interface RunningServer {
  nest: INestApplication;
  url: string;
}

/** The Nest app on Express: `GET /orders` from a Nest controller, and Elicitor at `/mcp`. */
export async function startServer(port: number, logger?: ServerLogger): Promise<RunningServer> {
  const nest = await NestFactory.create(logger ? AppModule.withLogger(logger) : AppModule, {
    logger: false,
    forceCloseConnections: true, // streams that clients keep open do not hold up a shutdown
  });
  await nest.listen(port, '127.0.0.1');
  const address = (nest.getHttpServer() as Server).address() as AddressInfo;
  return { nest, url: `http://127.0.0.1:${address.port}/mcp` };
}
