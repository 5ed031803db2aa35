import { describe, expect, it } from '@jest/globals';
import { formatMoney, formatOrderDate, toMoney } from '../../src/contracts/orders.js';

describe('order prices as exact decimals', () => {
  it('gives every price two places, from the pricing record or PostgreSQL', () => {
    expect(toMoney('49')).toBe('49.00');
    expect(toMoney('49.9')).toBe('49.90');
    expect(toMoney('0.30')).toBe('0.30');
    expect(toMoney('0049.99')).toBe('49.99');
    expect(toMoney('123456789.10')).toBe('123456789.10');
    // PostgreSQL may send more places with zeros (numeric arithmetic): they carry nothing.
    expect(toMoney('0.3000')).toBe('0.30');
  });

  it('refuses what is not a non-negative decimal, or would lose a cent', () => {
    expect(() => toMoney('')).toThrow(/not a non-negative decimal/);
    expect(() => toMoney('-1')).toThrow(/not a non-negative decimal/);
    expect(() => toMoney('1e3')).toThrow(/not a non-negative decimal/);
    expect(() => toMoney('0.305')).toThrow(/more than two decimals/);
  });

  it("shows '$' and two decimals, and dates as MM/DD/YYYY", () => {
    expect(formatMoney('499.00')).toBe('$499.00');
    expect(formatOrderDate('2026-01-05T23:59:00.000Z')).toBe('01/05/2026');
    expect(formatOrderDate('2026-11-23T00:00:00.000Z')).toBe('11/23/2026');
  });
});
