import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { seedTourModule } from './seed-tour.module.js';

const app = await Elicitor.create(seedTourModule);
if (process.argv.includes('--stdio')) {
  await app.listen({ stdio: true });
  await app.stdioClosed();
  await app.close();
} else {
  const { url } = await app.listen({
    http: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' },
  });
  process.stderr.write(`seed-tour listening on ${url}\n`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
