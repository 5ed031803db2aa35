// No zod here: the public pages' pricing cards import this without the schemas.

/**
 * A decimal string with exactly two places ("49" → "49.00", "0.3" → "0.30"), by string manipulation:
 * PostgreSQL sends numeric as text and it never becomes a float.
 */
export function toMoney(amount: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a non-negative decimal: ${amount}`);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (fraction.length > 2 && /[^0]/.test(fraction.slice(2))) {
    throw new Error(`more than two decimals: ${amount}`);
  }
  return `${BigInt(match[1]!).toString()}.${fraction.slice(0, 2)}`;
}
