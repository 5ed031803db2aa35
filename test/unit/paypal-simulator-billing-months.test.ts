import { describe, expect, it } from '@jest/globals';
import { addMonths } from '../../src/modules/paypal-simulator/subscriptions/subscription-simulator.js';

describe('the PayPal simulator’s monthly billing dates', () => {
  const bills = (start: string, count: number) =>
    Array.from({ length: count }, (_, months) =>
      addMonths(new Date(start), months + 1).toISOString(),
    );

  it('bills on the start’s day of each month, at the same time of day', () => {
    expect(bills('2026-03-15T10:20:30.000Z', 3)).toStrictEqual([
      '2026-04-15T10:20:30.000Z',
      '2026-05-15T10:20:30.000Z',
      '2026-06-15T10:20:30.000Z',
    ]);
  });

  it('falls back to a short month’s last day without moving the later bills', () => {
    expect(bills('2026-01-31T09:00:00.000Z', 4)).toStrictEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
    expect(addMonths(new Date('2027-12-31T00:00:00.000Z'), 2).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });
});
