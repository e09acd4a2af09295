// Started with `node --import`: writes `module-loaded <url>` to stderr for every module the process resolves.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => process.stderr.write(`module-loaded ${url}\n`));
port1.unref();
register('./module-log.hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
