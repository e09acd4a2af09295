import 'reflect-metadata';

/** Appends entries to a list recorded on a class (no property key) or on one of its methods. */
export function recordEnhancers(
  key: symbol,
  entries: readonly unknown[],
  target: object,
  propertyKey?: string | symbol,
): void {
  if (propertyKey === undefined) {
    const current = (Reflect.getOwnMetadata(key, target) as unknown[] | undefined) ?? [];
    Reflect.defineMetadata(key, [...current, ...entries], target);
    return;
  }
  const current = (Reflect.getOwnMetadata(key, target, propertyKey) as unknown[] | undefined) ?? [];
  Reflect.defineMetadata(key, [...current, ...entries], target, propertyKey);
}
