// No zod here: the public pages' pricing cards and structured data import this without the schemas.

/** How a package is billed: once, or every month until cancelled (see subscriptions.ts). */
export const BILLINGS = ['one-off', 'monthly'] as const;
export type Billing = (typeof BILLINGS)[number];

/** The pricing entry's `billing` field: what the admins pick (a select), stored as the label. */
export const BILLING_OPTIONS = ['One-off', 'Monthly'] as const;
export const BILLING_LABELS: Record<Billing, (typeof BILLING_OPTIONS)[number]> = {
  'one-off': 'One-off',
  monthly: 'Monthly',
};

/** A pricing entry's billing: Monthly, or one-off (an entry saved before the field existed too). */
export function billingOf(entry: Readonly<Record<string, unknown>>): Billing {
  return entry.billing === BILLING_LABELS.monthly ? 'monthly' : 'one-off';
}

/** The price as the pricing cards and the order screens show it: `$499.00` or `$499.00/month`. */
export const PER_MONTH = '/month';
