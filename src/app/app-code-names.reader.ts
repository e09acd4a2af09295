import type { Provider } from '../di/provider.js';
import type { ClassType } from '../metadata/class-type.js';

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** Any function or class whose source can be read. */
type Code = (...args: never[]) => unknown;

/** What an app runs: its tool classes, providers and enhancers (classes or instances). */
export interface AppCode {
  tools: readonly ClassType[];
  providers: readonly Provider[];
  enhancers: readonly unknown[];
}

/**
 * Every identifier in the source of the code an app runs: its classes (and their base classes),
 * factories, and the classes of the instances it was given. A form a tool asks with is named there
 * (`withSchema(Contact)`), which is how a form belongs to one app and not to another created in the
 * same process.
 */
export function readAppCodeNames(code: AppCode): ReadonlySet<string> {
  const functions = new Set<Code>();
  const add = (value: unknown) => {
    const fn = typeof value === 'function' ? value : constructorOf(value);
    // A class's prototype is its base class; a function's (async or not) is no function of the app.
    for (let current: unknown = fn; typeof current === 'function' && current !== Function.prototype;) {
      if (functions.has(current as Code)) break;
      functions.add(current as Code);
      current = Object.getPrototypeOf(current);
    }
  };
  // A plain object's methods are its code; a class instance's are in its class.
  const addValue = (value: unknown) => {
    if (constructorOf(value) !== undefined) return add(value);
    if (typeof value !== 'object' || value === null) return add(value);
    for (const member of Object.values(value)) if (typeof member === 'function') add(member);
  };
  code.tools.forEach(add);
  code.enhancers.forEach(add);
  for (const provider of code.providers) {
    if (typeof provider === 'function') add(provider);
    else if ('useClass' in provider) add(provider.useClass);
    else if ('useFactory' in provider) add(provider.useFactory);
    else addValue(provider.useValue);
  }
  const names = new Set<string>();
  for (const fn of functions) {
    for (const name of Function.prototype.toString.call(fn).match(IDENTIFIER) ?? []) names.add(name);
  }
  return names;
}

function constructorOf(value: unknown): Code | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ctor = (value as { constructor?: unknown }).constructor;
  return typeof ctor === 'function' && ctor !== Object ? (ctor as Code) : undefined;
}
