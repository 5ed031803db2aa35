const pad = (value: number, length = 2) => String(value).padStart(length, '0');

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ("2026-12-01T09:30") read in the browser's time zone, as ISO 8601 with that
 * zone's offset on that day ("2026-12-01T09:30:00+01:00"), so the server gets the moment the admin
 * meant; null when it is no valid time.
 */
export function localInputToIso(value: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Date rolls impossible values over (Feb 30th): those are no time the admin picked.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  // The offset of that very day (summer time differs from today's), in minutes east of UTC.
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  // A time skipped by the clock change (02:30 on spring-forward day) is the one Date moved it to.
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`
  );
}

/** A moment as a `datetime-local` value in the browser's time zone, to the minute. */
export function isoToLocalInput(iso: string | Date): string {
  const date = new Date(iso);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
