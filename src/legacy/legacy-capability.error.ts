import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { MissingCapabilityError } from '../errors/missing-capability.error.js';

/**
 * The missing-capability error on a legacy session: the question needs something `initialize` did not negotiate (a
 * capability, or a protocol revision that has the feature). The message says which, in words.
 */
export class LegacyCapabilityError extends MissingCapabilityError {
  constructor(
    requiredCapabilities: ClientCapabilities,
    message: string,
    readonly protocolVersion: string,
  ) {
    super(requiredCapabilities);
    this.message = message;
  }
}
