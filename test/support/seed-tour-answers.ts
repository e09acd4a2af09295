import type { ElicitationHandler } from './official-client.js';

/** Answers every seed-tour form sensibly, recording what was asked. */
export function seedTourAnswerer(log: Array<Record<string, unknown>> = []): ElicitationHandler {
  return (params) => {
    log.push(params);
    if (params.mode === 'url') return { action: 'accept' };
    const properties = Object.keys(
      (params.requestedSchema as { properties: Record<string, unknown> }).properties,
    );
    const content: Record<string, unknown> = {};
    for (const name of properties) content[name] = SEED_VALUES[name];
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
