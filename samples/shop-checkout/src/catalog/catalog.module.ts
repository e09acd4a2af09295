import { Module } from 'elicitor';
import { Catalog } from './catalog.service.js';

@Module({ providers: [Catalog], exports: [Catalog] })
export class CatalogModule {}
