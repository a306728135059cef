/** The contract's timestamp: UTC, ISO 8601, millisecond precision, no zone suffix (`2026-11-22T01:33:12.123`). */
export function timestamp(at: Date = new Date()): string {
  return at.toISOString().slice(0, 23);
}

/**
 * The instant a UTC date and time name (`2027-02-28T23:59:59`, fractions of a second allowed), or undefined
 * for an impossible one (`2027-02-30`, `24:00:01`, `12:60:00`): JavaScript's Date rolls those over into the
 * next day or month, and a client must hear that its date is wrong instead.
 */
export function strictUtcInstant(text: string): number | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = Date.UTC(year, month - 1, day, hour, minute, second, Number((parts[7] ?? '0').padEnd(3, '0').slice(0, 3)));
  const back = new Date(at);
  const exact =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return exact ? at : undefined;
}
