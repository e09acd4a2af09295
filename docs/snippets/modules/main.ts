import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { ShopModule } from './shop.module.js';

export function createShop(): Promise<ElicitorApp> {
  return Elicitor.create(ShopModule, { name: 'shop', version: '1.0.0', shutdownTimeoutMs: 5_000 });
}
