import type { ElicitResult } from '@modelcontextprotocol/client';

/** One value per field name the seed-tour forms use, valid for every form that has the field. */
export const SEED_TOUR_VALUES: Record<string, unknown> = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  address: '12 Analytical Row',
  confirm: true,
  size: 'L',
  toppings: ['cheese', 'olives'],
  replicas: 2,
  environment: 'prod',
};

/**
 * The value for one property: by name, or, for a multi-select a 2025-06-18 client sees as one
 * checkbox per option (`toppings__0`…), ticked when the option's title is among the chosen values.
 */
export function seedTourValue(name: string, property: { title?: string }): unknown {
  if (name in SEED_TOUR_VALUES) return SEED_TOUR_VALUES[name];
  const chosen = SEED_TOUR_VALUES[name.replace(/__\d+$/, '')];
  return Array.isArray(chosen) ? chosen.includes(property.title) : undefined;
}

/** Accepts every seed-tour question: URL questions with consent, forms with the fields they ask for. */
export function acceptSeedTour(params: Record<string, unknown>): ElicitResult {
  if (params.mode === 'url') return { action: 'accept' };
  const properties = (params.requestedSchema as { properties: Record<string, { title?: string }> })
    .properties;
  const content = Object.fromEntries(
    Object.entries(properties)
      .map(([field, property]) => [field, seedTourValue(field, property)])
      .filter(([, value]) => value !== undefined),
  );
  return { action: 'accept', content } as ElicitResult;
}
