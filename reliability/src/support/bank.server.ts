import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The outside world the checkout tool acts on: a payments API that deduplicates charges on their
 * idempotency key (as Stripe does), and a receipt mailer. It runs in the scenario's own process, so its
 * counts survive the replicas being killed. It can hold a request until told to let it go, to freeze a
 * replica at a chosen point.
 */
export class Bank {
  /** Charge requests received, including repeats of a key. */
  chargeRequests = 0;
  /** Distinct charges made: one per idempotency key. */
  readonly charges = new Set<string>();
  /** Receipts sent, by charge key. */
  readonly receipts = new Map<string, number>();
  /** Requests held so far, by point (`charge`, `final`). */
  readonly held = new Map<string, number>();
  private readonly holds = new Set<string>();
  private readonly waiting: Array<() => void> = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.serve(request, response));
    this.server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next request at `point` (`charge` or `final`) waits until {@link releaseAll}. */
  holdNext(point: string): void {
    this.holds.add(point);
  }

  releaseAll(): void {
    this.holds.clear();
    for (const release of this.waiting.splice(0)) release();
  }

  get receiptTotal(): number {
    let total = 0;
    for (const count of this.receipts.values()) total += count;
    return total;
  }

  reset(): void {
    this.releaseAll();
    this.chargeRequests = 0;
    this.charges.clear();
    this.receipts.clear();
    this.held.clear();
  }

  async close(): Promise<void> {
    this.releaseAll();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as { key?: string }) : {};
    const point = request.url?.slice(1) ?? '';
    if (point === 'charge') {
      this.chargeRequests++;
      this.charges.add(body.key!);
    }
    if (this.holds.has(point)) {
      this.holds.delete(point);
      this.held.set(point, (this.held.get(point) ?? 0) + 1);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (point === 'receipt') this.receipts.set(body.key!, (this.receipts.get(body.key!) ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `ch_${[...this.charges].indexOf(body.key!) + 1}` }));
  }
}
