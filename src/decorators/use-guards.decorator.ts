import type { GuardReference } from '../metadata/enhancer.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { recordEnhancers } from './enhancer-list-recorder.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * Guards every handler of a class, or one handler: each guard's `canActivate` must allow the call before
 * anything else of it runs, on every round. Guards run global first, then class, then method.
 */
export function UseGuards(...guards: GuardReference[]): ClassDecorator & MethodDecorator {
  return legacyDecorator('@UseGuards()', (target: object, propertyKey?: string | symbol) =>
    recordEnhancers(MetadataKeys.guards, guards, target, propertyKey),
  ) as ClassDecorator & MethodDecorator;
}
