import type { EntityManager } from '@mikro-orm/postgresql';

/** An invoice as a payment's row names it. */
export interface PaymentInvoice {
  id: string;
  number: string;
}

/**
 * The invoices of payments, by their PayPal transaction (a capture, or a subscription's sale id):
 * a payment with none yet (it is issued a moment after the charge arrives) is absent.
 */
export async function invoicesOfPayments(
  em: EntityManager,
  captureIds: readonly string[],
): Promise<Map<string, PaymentInvoice>> {
  if (captureIds.length === 0) return new Map();
  const rows = await em.execute<{ id: string; number: string; capture_id: string }[]>(
    `select id, number, capture_id from invoice
      where kind = 'invoice' and capture_id = any(?::text[])`,
    // A PostgreSQL array literal, each id quoted.
    [`{${captureIds.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
  );
  return new Map(rows.map((row) => [row.capture_id, { id: row.id, number: row.number }]));
}
