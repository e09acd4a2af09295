import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Whether V8 gave two objects the same hidden class. Code that builds an object per request should: a
 * new class each time is allocated in the old generation and makes every later access slow.
 */
export function sharesHiddenClass(a: object, b: object): boolean {
  setFlagsFromString('--allow-natives-syntax');
  const same = runInNewContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  return same(a, b);
}
