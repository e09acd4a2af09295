import { pino, type DestinationStream } from 'pino';
import { Elicitor, pinoLogger } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { StockTools } from './stock.tools.js';

export async function createApp(destination: DestinationStream = pino.destination(2)): Promise<ElicitorApp> {
  const logger = pino({ base: { service: 'stock' } }, destination);
  return Elicitor.create({
    name: 'stock',
    version: '1.0.0',
    tools: [StockTools],
    logger: pinoLogger(logger), // `logger: logger` works too: a pino logger is recognised and wrapped
  });
}
