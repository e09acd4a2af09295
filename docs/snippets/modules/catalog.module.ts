import { injectable } from 'inversify';
import { Module } from 'elicitor';
import type { OnApplicationShutdown, OnModuleInit } from 'elicitor';

@injectable()
export class Catalog implements OnModuleInit, OnApplicationShutdown {
  private readonly prices = new Map<string, number>();
  closed = false;

  /** Runs once at bootstrap, before the app serves: load what every call needs. */
  async onModuleInit(): Promise<void> {
    this.prices.set('book', 12);
    this.prices.set('pen', 2);
  }

  /** Runs last in `app.close()`, after in-flight calls drained. */
  onApplicationShutdown(): void {
    this.closed = true;
  }

  price(item: string): number | undefined {
    return this.prices.get(item);
  }
}

@Module({ providers: [Catalog], exports: [Catalog] })
export class CatalogModule {}
