import { ElicitorError } from './elicitor.error.js';

/** A class the app builds per request needs something no provider supplies. Raised at bootstrap. */
export class DependencyResolutionError extends ElicitorError {
  constructor(
    /** The class that cannot be built, described with its role (`Shop (tool class)`). */
    readonly subject: string,
    /** The token nobody provides, as it reads in source. */
    readonly missingToken: string,
    message: string,
  ) {
    super('DEPENDENCY_RESOLUTION', message);
  }
}
