/** Calendar days in an IANA time zone, with nothing but Intl. Pure. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is an IANA time zone this runtime knows (`UTC`, `Europe/Berlin`, …). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at instant `ms`, read as if it were UTC. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant a local calendar day begins in `timeZone` (its first existing minute, should midnight be skipped). */
export function startOfLocalDay(day: LocalDay, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  let instant = wall - (wallClockMs(wall, timeZone) - wall);
  // A second round settles an offset that changed between the guess and the answer.
  instant = wall - (wallClockMs(instant, timeZone) - instant);
  return instant;
}

export interface LocalDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** `YYYY-MM-DD` → a day that exists; null otherwise. */
export function parseLocalDay(text: string): LocalDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The local day of instant `ms` in `timeZone`. */
export function localDayAt(ms: number, timeZone: string): LocalDay {
  const wall = new Date(wallClockMs(ms, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The day `days` after `day` (negative: before), by the calendar. */
export function addDays(day: LocalDay, days: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addMonths(day: LocalDay, months: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1 + months, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: 1 };
}

export const formatLocalDay = (day: LocalDay): string => `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
