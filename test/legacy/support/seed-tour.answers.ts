import type { ElicitResult } from '@modelcontextprotocol/client';

/** One value per field name the seed-tour forms use, valid for every form that has the field. */
const FIELD_VALUES: Record<string, unknown> = {
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

/** Accepts every seed-tour question: URL questions with consent, forms with the fields they ask for. */
export function acceptSeedTour(params: Record<string, unknown>): ElicitResult {
  if (params.mode === 'url') return { action: 'accept' };
  const properties = (params.requestedSchema as { properties: Record<string, unknown> }).properties;
  const content = Object.fromEntries(
    Object.keys(properties)
      .filter((field) => field in FIELD_VALUES)
      .map((field) => [field, FIELD_VALUES[field]]),
  );
  return { action: 'accept', content } as ElicitResult;
}
