import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { SchemaLoweringError } from '../../errors/schema-lowering.error.js';
import { lowerForm } from '../../schema/form-schema-lowering.js';
import type { LoweredForm } from '../../schema/form-schema-lowering.js';
import type { FormSchema } from '../../schema/form-schema.builder.js';
import { FIRST_URL_MODE_VERSION } from './legacy-elicitation.check.js';

/**
 * The form as this client's revision can show it. 2025-06-18 gets the lowered enum shapes without
 * non-boolean defaults and multi-selects as booleans; a shape it has no way to show ends the call
 * with an error that names the field, instead of a generic internal error.
 */
export function legacyForm(schema: FormSchema, protocolVersion: string): LoweredForm {
  const version = protocolVersion >= FIRST_URL_MODE_VERSION ? '2025-11-25' : '2025-06-18';
  try {
    return lowerForm(schema, version);
  } catch (error) {
    if (!(error instanceof SchemaLoweringError)) throw error;
    throw new McpProtocolError(JsonRpcErrorCode.InternalError, error.message, {
      field: error.propertyName,
      protocolVersion,
    });
  }
}

/** `elicitation/create` form params for a legacy client: 2025-06-18 has no `mode` field. */
export function legacyFormParams(
  message: string,
  schema: FormSchema,
  protocolVersion: string,
): ElicitRequestFormParams {
  const params = { message, requestedSchema: schema };
  return (
    protocolVersion >= FIRST_URL_MODE_VERSION ? { mode: 'form', ...params } : params
  ) as ElicitRequestFormParams;
}
