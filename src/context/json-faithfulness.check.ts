/** Where a value JSON cannot carry faithfully sits, and what it is (`a function`, `NaN, which ...`). */
export interface JsonFaithfulnessIssue {
  /** From the root: `$.items[2].when`, `value["a b"]`. */
  path: string;
  what: string;
}

/** What a caller decides about an object that is no plain object, array or Date. */
export type InstanceVerdict =
  /** Refused, saying what it is and what JSON would do to it. */
  | { refused: string }
  /** Checked as this value instead: the object itself (its own fields), or what it stands for. */
  | { checkAs: unknown };

export interface JsonFaithfulnessRules {
  /** How paths start: `$`, `value`. */
  root: string;
  /** Deeper values are refused: recursion stays bounded. */
  maxDepth: number;
  /** Whether an object with a `toJSON` method stands for what it returns, as in JSON.stringify. */
  honoursToJson: boolean;
  /** The verdict on a class instance (a prototype other than `Object.prototype` or null) without toJSON. */
  instance(value: object): InstanceVerdict;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The first value inside `value` that JSON would silently change, drop or refuse, walking it once: a
 * function, a symbol, a bigint, NaN or an infinity, undefined in an array, an invalid Date, a circular
 * reference, anything nested deeper than `maxDepth`, or a class instance the rules refuse. undefined at the
 * root, or as an object field (JSON leaves the field out, which reads the same), is accepted, as is a valid
 * Date. Only own enumerable string keys are walked, as JSON does. Undefined when JSON carries it all.
 */
export function findUnfaithfulJson(
  value: unknown,
  rules: JsonFaithfulnessRules,
): JsonFaithfulnessIssue | undefined {
  if (value === undefined) return undefined;
  const walk = new FaithfulnessWalk(rules);
  const what = walk.check(value, '', 0);
  return what === undefined ? undefined : { path: walk.pathTo(walk.failedDepth), what };
}

/** One walk: the objects and keys from the root to where it is, so a path is only written on failure. */
class FaithfulnessWalk {
  private readonly ancestors: object[] = [];
  private readonly keys: Array<string | number> = [];
  failedDepth = 0;

  constructor(private readonly rules: JsonFaithfulnessRules) {}

  /** What is wrong at `depth` (the value under `key`), or undefined. */
  check(value: unknown, key: string | number, depth: number): string | undefined {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return undefined;
      case 'number':
        return Number.isFinite(value)
          ? undefined
          : this.fail(depth, `${String(value)}, which JSON turns into null`);
      case 'object':
        return value === null ? undefined : this.checkObject(value, key, depth);
      case 'undefined':
        return this.fail(depth, 'undefined, which JSON leaves out');
      default:
        return this.fail(depth, `a ${typeof value}`);
    }
  }

  pathTo(depth: number): string {
    let path = this.rules.root;
    for (let level = 0; level < depth; level++) {
      const key = this.keys[level]!;
      path +=
        typeof key === 'number' ? `[${key}]` : IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    }
    return path;
  }

  private fail(depth: number, what: string): string {
    this.failedDepth = depth;
    return what;
  }

  private checkObject(value: object, key: string | number, depth: number): string | undefined {
    for (let level = 0; level < depth; level++) {
      if (this.ancestors[level] === value)
        return this.fail(depth, `a circular reference (back to ${this.pathTo(level)})`);
    }
    if (depth >= this.rules.maxDepth)
      return this.fail(depth, `a value nested deeper than ${this.rules.maxDepth} levels`);
    this.ancestors[depth] = value;
    if (Array.isArray(value)) return this.checkItems(value, depth);
    const prototype = Object.getPrototypeOf(value) as object | null;
    // A root prototype is some realm's Object.prototype: a plain object made in a vm context or by Node.
    if (prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null)
      return this.checkFields(value, key, depth);
    if (value instanceof Date) return this.checkDate(value, depth);
    const toJson = this.rules.honoursToJson ? (value as { toJSON?: unknown }).toJSON : undefined;
    if (typeof toJson === 'function') return this.checkToJson(value, toJson, key, depth);
    const verdict = this.rules.instance(value);
    if ('refused' in verdict) return this.fail(depth, verdict.refused);
    if (verdict.checkAs === value) return this.checkFields(value, key, depth);
    return this.checkReplacement(verdict.checkAs, key, depth, 'its value');
  }

  private checkToJson(
    value: object,
    toJson: unknown,
    key: string | number,
    depth: number,
  ): string | undefined {
    const replacement = (toJson as (key: string) => unknown).call(value, String(key));
    return this.checkReplacement(replacement, key, depth, 'what its toJSON returned');
  }

  private checkDate(date: Date, depth: number): string | undefined {
    return Number.isNaN(date.getTime())
      ? this.fail(depth, 'an invalid Date, which JSON turns into null')
      : undefined;
  }

  /**
   * What JSON writes in place of an object (what its toJSON returns): checked one level down, so a chain
   * of them ends at maxDepth, and a failure in it is reported at the object's own path.
   */
  private checkReplacement(
    replacement: unknown,
    key: string | number,
    depth: number,
    described: string,
  ): string | undefined {
    const what = this.check(replacement, key, depth + 1);
    if (what === undefined) return undefined;
    this.failedDepth = depth;
    return `${what}, in ${described}`;
  }

  private checkItems(items: readonly unknown[], depth: number): string | undefined {
    for (let index = 0; index < items.length; index++) {
      this.keys[depth] = index;
      const item = items[index];
      const what =
        item === undefined
          ? this.fail(depth + 1, 'undefined, which JSON turns into null')
          : this.check(item, index, depth + 1);
      if (what !== undefined) return what;
    }
    return undefined;
  }

  /** Own enumerable fields; an own `toJSON`, read as the fields go by, stands for the whole object. */
  private checkFields(record: object, key: string | number, depth: number): string | undefined {
    const fields = record as Record<string, unknown>;
    for (const name in fields) {
      if (!Object.hasOwn(fields, name)) continue;
      const field = fields[name];
      if (field === undefined) continue;
      if (name === 'toJSON' && typeof field === 'function' && this.rules.honoursToJson)
        return this.checkToJson(record, field, key, depth);
      this.keys[depth] = name;
      const what = this.check(field, name, depth + 1);
      if (what === undefined) continue;
      // A field JSON would not write anyway, because a toJSON further on stands for the object.
      const toJson = this.rules.honoursToJson && Object.hasOwn(fields, 'toJSON') ? fields.toJSON : undefined;
      return typeof toJson === 'function' ? this.checkToJson(record, toJson, key, depth) : what;
    }
    return undefined;
  }
}
