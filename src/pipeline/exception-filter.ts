import type { Context } from '../context/context.js';
import type { CallInfo } from './call-info.js';

/**
 * Turns an error a call threw into its outcome. What `catch` returns becomes the result, mapped like a
 * handler's return value (a string, content blocks, or a whole `{ content, isError }` result); throwing an
 * `McpProtocolError` answers with that JSON-RPC error instead.
 */
export interface ExceptionFilter<E = unknown> {
  catch(error: E, ctx: Context, call: CallInfo): unknown;
}
