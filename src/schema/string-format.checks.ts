const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const [offsetHours, offsetMinutes] = [Number(match[7] ?? 0), Number(match[8] ?? 0)];
  // 60 allows a leap second, as RFC 3339 does.
  return hours < 24 && minutes < 60 && seconds <= 60 && offsetHours < 24 && offsetMinutes < 60;
}

/** Checks for the `format` values Elicitor emits (RFC 3339 dates, absolute URIs). Unknown formats pass. */
export const StringFormatChecks: Readonly<Record<string, (text: string) => boolean>> = {
  email: (text) => EMAIL.test(text),
  uri: (text) => URI_SCHEME.test(text) && URL.canParse(text),
  date: isCalendarDate,
  'date-time': isDateTime,
  uuid: (text) => UUID.test(text),
};
