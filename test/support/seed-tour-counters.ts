import type { Client } from '@modelcontextprotocol/client';

/** How often each of `place_order`'s side effects really ran, as seed-tour's counters resource reports it. */
export type OrderEffects = Record<string, number>;

/** Reads seed-tour's counters (`seed-tour://counters`) through the client. */
export async function counters(client: Client): Promise<OrderEffects> {
  const read = await client.readResource({ uri: 'seed-tour://counters' });
  return JSON.parse((read.contents[0] as { text: string }).text) as OrderEffects;
}

/** The quotes, charges and receipts between two reads of the counters. */
export function orderEffectsBetween(before: OrderEffects, after: OrderEffects) {
  return {
    quotes: after.quotes! - before.quotes!,
    charges: after.charges! - before.charges!,
    receipts: after.receipts! - before.receipts!,
  };
}
