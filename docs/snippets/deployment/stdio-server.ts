import 'reflect-metadata';
import type { Readable, Writable } from 'node:stream';
import { Elicitor } from 'elicitor';
import { ShopModule, shopOptions } from '../elicitation/shop.module.js';

/** Serves one client on stdin/stdout (or the given streams) until it closes its end. */
export async function serveStdio(streams?: { input: Readable; output: Writable }): Promise<void> {
  const app = await Elicitor.create(ShopModule, shopOptions);
  await app.listen({ stdio: streams ?? true }); // stdout carries only protocol messages; logs go to stderr
  await app.stdioClosed();
  await app.close();
}
