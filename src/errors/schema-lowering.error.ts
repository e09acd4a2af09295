import { ElicitorError } from './elicitor.error.js';

/** A form schema uses a shape an older protocol revision cannot show, e.g. a multi-select on 2025-06-18. */
export class SchemaLoweringError extends ElicitorError {
  constructor(
    readonly propertyName: string,
    readonly protocolVersion: string,
    readonly reason: string,
  ) {
    super(
      'SCHEMA_LOWERING',
      `Form field "${propertyName}" cannot be sent to a ${protocolVersion} client: ${reason}`,
    );
  }
}
