import { HeaderMismatchError } from '../../errors/header-mismatch.error.js';
import type { CheckedMessage } from './envelope.js';
import type { ModernHeaders } from './modern-request.js';

const NAMED_METHODS: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Decodes the `=?base64?...?=` sentinel used for header values that are not plain ASCII. */
export function decodeHeaderValue(value: string): string | undefined {
  if (isPlainValue(value)) return value;
  const trimmed = value.trim();
  const encoded = /^=\?base64\?(.*)\?=$/i.exec(trimmed);
  if (!encoded) return trimmed;
  const body = encoded[1]!;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) return undefined;
  return Buffer.from(body, 'base64').toString('utf8');
}

/** Whether a header value needs neither trimming nor decoding: the usual case, checked without a copy. */
function isPlainValue(value: string): boolean {
  return (
    isVisibleAscii(value.charCodeAt(0)) &&
    isVisibleAscii(value.charCodeAt(value.length - 1)) &&
    !value.startsWith('=?')
  );
}

/** Visible ASCII is never whitespace to `trim` (NaN, an empty value's code, is not visible either). */
function isVisibleAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/** Whether a header value, with surrounding whitespace ignored, is `expected`. */
function sameValue(value: string, expected: string): boolean {
  return value === expected || value.trim() === expected;
}

/** On HTTP the MCP headers must be present and agree with the body; anything else is a `HeaderMismatchError`. */
export function checkModernHeaders(
  headers: ModernHeaders,
  message: CheckedMessage,
  protocolVersion: string,
): void {
  if (headers.protocolVersion === undefined)
    throw new HeaderMismatchError('the MCP-Protocol-Version header is required');
  if (!sameValue(headers.protocolVersion, protocolVersion)) {
    throw new HeaderMismatchError('the MCP-Protocol-Version header does not match _meta protocolVersion');
  }
  if (headers.method === undefined) throw new HeaderMismatchError('the Mcp-Method header is required');
  if (!sameValue(headers.method, message.method))
    throw new HeaderMismatchError('the Mcp-Method header does not match the body method');
  const nameField = NAMED_METHODS[message.method];
  if (!nameField) return;
  if (headers.name === undefined)
    throw new HeaderMismatchError('the Mcp-Name header is required for this method');
  const expected = message.params[nameField];
  if (decodeHeaderValue(headers.name) !== expected)
    throw new HeaderMismatchError(`the Mcp-Name header does not match params.${nameField}`);
}
