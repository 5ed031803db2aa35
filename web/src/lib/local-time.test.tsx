import { describe, expect, it } from '@jest/globals';
import { isoToLocalInput, localInputToIso } from './local-time';

/*
 * These hold in any time zone; run them in a few (TZ=Asia/Kolkata npx jest …): Jest's sandbox does not
 * let a test change the zone of the process.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The browser's offset on that day, as ISO 8601 writes it. */
function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

describe('the schedule input (datetime-local) and the ISO time sent to the server', () => {
  it('sends the local time with the offset of that very day, every day of a year', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2026, 0, 1 + day, 9, 30);
      const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:30`;
      const iso = localInputToIso(local);
      expect(iso).toBe(`${local}:00${offsetOf(date)}`);
      // The same moment: the server reads what the admin meant.
      expect(new Date(iso!).getTime()).toBe(date.getTime());
    }
  });

  it('keeps seconds when the input has them', () => {
    const date = new Date(2026, 11, 1, 0, 0, 30);
    expect(localInputToIso('2026-12-01T00:00:30')).toBe(`2026-12-01T00:00:30${offsetOf(date)}`);
  });

  it.each(['', '2026-12-01', '2026-02-30T10:00', '2026-12-01 09:30', '2026-13-01T10:00', 'soon'])(
    'is null for %j, which is no time',
    (value) => {
      expect(localInputToIso(value)).toBeNull();
    },
  );

  it('shows a moment in the input in the local time, to the minute', () => {
    const moment = new Date(2026, 11, 1, 9, 30, 59);
    expect(isoToLocalInput(moment.toISOString())).toBe('2026-12-01T09:30');
    expect(isoToLocalInput(moment)).toBe('2026-12-01T09:30');
  });

  it('round-trips what the input shows', () => {
    expect(isoToLocalInput(localInputToIso('2026-12-31T23:59')!)).toBe('2026-12-31T23:59');
  });
});
