import { injectable } from 'inversify';

export interface Product {
  sku: string;
  name: string;
  priceCents: number;
}

const PRODUCTS: readonly Product[] = [
  { sku: 'mug', name: 'Enamel mug', priceCents: 1_200 },
  { sku: 'tee', name: 'Organic T-shirt', priceCents: 2_500 },
  { sku: 'poster', name: 'Risograph poster', priceCents: 1_800 },
];

/** The products on sale; a singleton shared by every request. */
@injectable()
export class Catalog {
  private readonly bySku = new Map(PRODUCTS.map((product) => [product.sku, product]));

  list(): readonly Product[] {
    return PRODUCTS;
  }

  find(sku: string): Product | undefined {
    return this.bySku.get(sku);
  }
}
