import { injectable } from 'inversify';
import { UserError } from 'elicitor';
import { Catalog } from '../catalog/catalog.service.js';

export interface CartLineInput {
  sku: string;
  quantity: number;
}

export interface QuoteLine {
  sku: string;
  name: string;
  quantity: number;
  lineCents: number;
}

/** A priced cart. Plain JSON, so `ctx.memo` can carry it from round to round. */
export interface PriceQuote {
  lines: QuoteLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

const FREE_SHIPPING_FROM_CENTS = 5_000;
const SHIPPING_CENTS = 500;

/** Prices a cart against the catalog. Counts its work so tests can prove a quote is computed once per checkout. */
@injectable()
export class CartPricing {
  quotesComputed = 0;

  constructor(private readonly catalog: Catalog) {}

  quote(lines: readonly CartLineInput[]): PriceQuote {
    this.quotesComputed++;
    const priced = lines.map(({ sku, quantity }) => {
      const product = this.catalog.find(sku);
      if (!product)
        throw new UserError(`Unknown product "${sku}". Call list_products to see what is on sale.`);
      return { sku, name: product.name, quantity, lineCents: product.priceCents * quantity };
    });
    const subtotalCents = priced.reduce((sum, line) => sum + line.lineCents, 0);
    const shippingCents = subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
    return { lines: priced, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
  }
}
