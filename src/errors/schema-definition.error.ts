import { ElicitorError } from './elicitor.error.js';

/** A class cannot become the schema it was declared as. Raised at bootstrap, naming `Class.property`. */
export class SchemaDefinitionError extends ElicitorError {
  constructor(
    readonly className: string,
    readonly propertyName: string | undefined,
    readonly reason: string,
  ) {
    super('SCHEMA_DEFINITION', `${propertyName ? `${className}.${propertyName}` : className}: ${reason}`);
  }
}
