import { ElicitorError } from './elicitor.error.js';

/** One property a class cannot turn into schema, and why. */
export interface SchemaDefinitionIssue {
  readonly propertyName: string | undefined;
  readonly reason: string;
}

/**
 * A class cannot become the schema it was declared as. Raised at bootstrap, naming `Class.property`;
 * when several properties are wrong, one error lists them all (`issues`), one `Class.property: reason`
 * a line, so a form is fixed in one pass.
 */
export class SchemaDefinitionError extends ElicitorError {
  readonly issues: readonly SchemaDefinitionIssue[];

  constructor(
    readonly className: string,
    readonly propertyName: string | undefined,
    readonly reason: string,
    issues?: readonly SchemaDefinitionIssue[],
  ) {
    super('SCHEMA_DEFINITION', `${propertyName ? `${className}.${propertyName}` : className}: ${reason}`);
    this.issues = issues ?? [{ propertyName, reason }];
  }

  /** One error for every problem found in a class: the problem itself when there is only one. */
  static listing(className: string, errors: readonly SchemaDefinitionError[]): SchemaDefinitionError {
    if (errors.length === 1) return errors[0]!;
    const issues = errors.flatMap((error) => error.issues);
    const lines = errors.map((error) => `\n  ${error.message}`).join('');
    return new SchemaDefinitionError(className, undefined, `${issues.length} problems:${lines}`, issues);
  }
}
