/*
 * The JSON Schema `format` checks, shared by the server (answers it validates) and the CLI (answers it
 * collects), so both accept the same strings:
 * - `email`: a local part, `@`, and a domain of two or more non-empty dot-separated labels (RFC 5321
 *   forbids empty labels, so `a@.b.c` fails); no whitespace.
 * - `uri`: an absolute URI (RFC 3986): a scheme, `:`, and a hier-part that may be empty, so `a:` passes.
 * - `date` / `date-time`: RFC 3339 full-date and date-time, checked against the calendar.
 * - `uuid`: RFC 9562 text form, any version.
 */

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

export function isAbsoluteUri(text: string): boolean {
  return URI_SCHEME.test(text) && URL.canParse(text);
}

export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const [offsetHours, offsetMinutes] = [Number(match[7] ?? 0), Number(match[8] ?? 0)];
  // 60 allows a leap second, as RFC 3339 does.
  return hours < 24 && minutes < 60 && seconds <= 60 && offsetHours < 24 && offsetMinutes < 60;
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** The checks by `format` name. A format not listed passes, as JSON Schema makes formats advisory. */
export const StringFormatChecks: Readonly<Record<string, (text: string) => boolean>> = {
  email: isEmail,
  uri: isAbsoluteUri,
  date: isCalendarDate,
  'date-time': isDateTime,
  uuid: isUuid,
};
