import type { ElicitationHandler } from './official-client.js';

/** Answers every seed-tour form sensibly, recording what was asked. */
export function seedTourAnswerer(log: Array<Record<string, unknown>> = []): ElicitationHandler {
  return (params) => {
    log.push(params);
    if (params.mode === 'url') return { action: 'accept' };
    const properties = (params.requestedSchema as { properties: Record<string, { title?: string }> })
      .properties;
    const content: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) content[name] = valueFor(name, property);
    return { action: 'accept', content };
  };
}

const SEED_VALUES: Record<string, unknown> = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  address: '12 Analytical Row',
  confirm: true,
  replicas: 5,
  verbose: true,
  environment: 'staging',
  size: 'L',
  toppings: ['cheese', 'olives'],
};

/** By name; a 2025-06-18 multi-select arrives as one checkbox per option (`toppings__0`…), ticked by title. */
function valueFor(name: string, property: { title?: string }): unknown {
  if (name in SEED_VALUES) return SEED_VALUES[name];
  const chosen = SEED_VALUES[name.replace(/__\d+$/, '')];
  return Array.isArray(chosen) ? chosen.includes(property.title) : undefined;
}
