import 'reflect-metadata';

/** Reads a list recorded on a class, merged along the prototype chain (base entries first). */
export function readClassList<T>(key: symbol, target: object): T[] {
  const own = (Reflect.getOwnMetadata(key, target) as T[] | undefined) ?? [];
  const parent = Object.getPrototypeOf(target) as object | null;
  if (!parent || parent === Function.prototype) return [...own];
  return [...readClassList<T>(key, parent), ...own];
}

/** Appends to a list recorded on the class itself, never on its parent. */
export function appendClassList<T>(key: symbol, target: object, entry: T): void {
  const own = (Reflect.getOwnMetadata(key, target) as T[] | undefined) ?? [];
  Reflect.defineMetadata(key, [...own, entry], target);
}

/** Per-method records, e.g. parameter kinds or interceptors. */
export function readMethodList<T>(key: symbol, target: object, method: string | symbol): T[] {
  return (Reflect.getMetadata(key, target, method) as T[] | undefined) ?? [];
}

export function appendMethodList<T>(key: symbol, target: object, method: string | symbol, entry: T): void {
  const current = (Reflect.getOwnMetadata(key, target, method) as T[] | undefined) ?? [];
  Reflect.defineMetadata(key, [...current, entry], target, method);
}
