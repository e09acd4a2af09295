import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendClassList } from '../metadata/metadata-reader.js';
import type { CompleteMetadata, CompleteOptions } from '../metadata/complete.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * Serves `completion/complete` for one prompt argument or resource-template variable. The method gets
 * the partial value and the request, and returns suggestions (a string array, or `{ values, total, hasMore }`):
 *
 * ```ts
 * @Complete({ prompt: 'review_code', argument: 'language' })
 * languages(value: string): string[] {
 *   return ['go', 'python', 'typescript'].filter((name) => name.startsWith(value));
 * }
 * ```
 *
 * The prompt or template and the argument must exist; that is checked once, at bootstrap.
 */
export function Complete(options: CompleteOptions): MethodDecorator {
  return legacyDecorator<MethodDecorator>('@Complete()', (prototype, propertyKey) => {
    const entry: CompleteMetadata = { methodName: String(propertyKey), options };
    appendClassList(MetadataKeys.completeMethods, prototype.constructor, entry);
  });
}
