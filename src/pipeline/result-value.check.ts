import { findUnfaithfulJson } from '../context/json-faithfulness.check.js';
import type { InstanceVerdict, JsonFaithfulnessRules } from '../context/json-faithfulness.check.js';
import { ResultValueError } from '../errors/result-value.error.js';

/** Far deeper than any real result; the walk and JSON.stringify both stay clear of the stack limit. */
const MAX_RESULT_DEPTH = 512;

/**
 * What a tool may return is what JSON carries faithfully: the JSON values, a `Date` or any object with a
 * `toJSON` (written as what it returns, which is checked in turn), a boxed primitive, and a class instance
 * whose data is all in own enumerable fields (a DTO: its methods are behaviour, not data). Refused: a Map,
 * Set, RegExp, Error, typed array or other built-in whose contents are not own fields, and an instance with
 * a getter on its class, which JSON leaves out. `#private` fields are not data JSON sees, and stay out.
 */
const RESULT_RULES: JsonFaithfulnessRules = {
  root: '$',
  maxDepth: MAX_RESULT_DEPTH,
  honoursToJson: true,
  instance: instanceVerdict,
};

/** The first getter of each class prototype chain (null: none), so a chain is read once per class. */
const prototypeGetters = new WeakMap<object, string | null>();

/** Refuses a tool's return value JSON would change on the way out, naming the tool and the path. */
export function resultValueRefusal(value: unknown, tool: string): ResultValueError | undefined {
  // The common returns, a string or nothing, hold nothing to walk.
  if (typeof value === 'string' || value === undefined || value === null) return undefined;
  const issue = findUnfaithfulJson(value, RESULT_RULES);
  if (issue === undefined) return undefined;
  return new ResultValueError(
    `${tool} returned a value JSON cannot carry: ${issue.what} at ${issue.path}. A tool result must be JSON data (objects, arrays, strings, finite numbers, booleans, null); a Date or an object with toJSON is written as its JSON, and a class instance only when its data is in plain fields.`,
  );
}

function instanceVerdict(value: object): InstanceVerdict {
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    return { checkAs: value.valueOf() };
  const kind = kindOf(value);
  // Built-ins keep their data in internal slots JSON never sees (their tag is not `Object`).
  if (Object.prototype.toString.call(value) !== '[object Object]')
    return { refused: `a ${kind}, which JSON writes as a plain object of its own fields` };
  const getter = firstGetter(Object.getPrototypeOf(value) as object);
  if (getter !== null) return { refused: `a ${kind} whose getter "${getter}" JSON leaves out` };
  return { checkAs: value };
}

function firstGetter(prototype: object): string | null {
  const known = prototypeGetters.get(prototype);
  if (known !== undefined) return known;
  let found: string | null = null;
  // The chain ends at an Object.prototype (of this realm or another), whose `__proto__` is no data.
  for (let level = prototype; Object.getPrototypeOf(level) !== null && found === null;) {
    for (const name of Object.getOwnPropertyNames(level)) {
      if (Object.getOwnPropertyDescriptor(level, name)?.get) {
        found = name;
        break;
      }
    }
    level = Object.getPrototypeOf(level) as object;
  }
  prototypeGetters.set(prototype, found);
  return found;
}

function kindOf(value: object): string {
  return (value.constructor as { name?: string } | undefined)?.name || 'object with a prototype';
}
