import { ElicitorError } from './elicitor.error.js';

/** The module graph cannot be built (a cycle, a bad import or export). Raised at bootstrap. */
export class ModuleDefinitionError extends ElicitorError {
  constructor(
    /** The module at fault, as it reads in source. */
    readonly moduleName: string,
    message: string,
  ) {
    super('MODULE_DEFINITION', message);
  }
}
