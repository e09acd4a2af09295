import { Module } from 'elicitor';
import { Catalog } from './catalog.service.js';
import { ShopHours } from './shop-hours.service.js';

@Module({ providers: [Catalog, ShopHours], exports: [Catalog, ShopHours] })
export class CatalogModule {}
