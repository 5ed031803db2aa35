import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The invoices' currency: every package is priced in US dollars. */
export const INVOICE_CURRENCY = 'USD';

/** Who sells, as the content said when the document was issued. */
export interface SellerDetails {
  name: string;
  address: string | null;
  email: string | null;
}

/** Who buys, as the order named them. */
export interface BuyerDetails {
  name: string;
  email: string;
  address: string | null;
  country: string | null;
}

/** A payment to invoice: the order as it is, and PayPal's capture or transaction id (none offline). */
export interface PaidOrder {
  id: string;
  packageName: string;
  /** An exact decimal string (numeric(12,2)). */
  packagePrice: string;
  customerName: string;
  customerEmail: string;
  customerAddress: string;
  customerCountry: string;
}

/** An order's invoice (not its credit note), when it has one: for the receipt e-mail's link. */
export async function invoiceOfOrder(
  em: EntityManager,
  orderId: string,
): Promise<{ id: string; number: string } | null> {
  const [row] = await em.execute<{ id: string; number: string }[]>(
    `select id, number from invoice where order_id = ? and kind = 'invoice'`,
    [orderId],
  );
  return row ?? null;
}

/** 'NA' is what an order says of an address it was never told. */
const known = (value: string) => (value.trim() && value.trim() !== 'NA' ? value.trim() : null);

/**
 * The next number of `year`, in the caller's transaction: the year's counter row stays locked until
 * it ends, so concurrent payments take consecutive numbers one after the other, and a transaction
 * that rolls back gives its number back (no gap, no number used twice).
 */
async function nextNumber(tx: EntityManager, year: number): Promise<string> {
  const [row] = await tx.execute<{ last: number }[]>(
    `insert into invoice_counter (year, last) values (?, 1)
     on conflict (year) do update set last = invoice_counter.last + 1
     returning last`,
    [year],
  );
  return `INV-${year}-${String(row!.last).padStart(6, '0')}`;
}

/**
 * The seller, from the content: the SEO settings' site name and postal address (else the footer's
 * Location) and the footer's e-mail address. Read in the transaction, from the content's table.
 */
async function sellerDetails(tx: EntityManager): Promise<SellerDetails> {
  const rows = await tx.execute<{ section: string; data: Record<string, unknown> }[]>(
    `select section, data from content_entry where singleton and section in ('seo', 'footerAddress')`,
  );
  const of = (section: string, field: string) => {
    const value = rows.find((row) => row.section === section)?.data[field];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  return {
    name: of('seo', 'siteName') ?? 'SEO Agency',
    address: of('seo', 'postalAddress') ?? of('footerAddress', 'location'),
    email: of('footerAddress', 'emailAddress'),
  };
}

/**
 * Issues the invoice of a payment just recorded on `order`, in the payment's transaction `tx` (the
 * order's row is locked by it). An order invoiced already keeps its invoice (a payment reported
 * again issues none).
 */
export async function issueInvoice(
  tx: EntityManager,
  order: PaidOrder,
  paidAt: Date,
  captureId: string | null,
): Promise<void> {
  const [existing] = await tx.execute(
    `select 1 from invoice where order_id = ? and kind = 'invoice'`,
    [order.id],
  );
  if (existing) return;
  const year = paidAt.getUTCFullYear();
  const buyer: BuyerDetails = {
    name: order.customerName,
    email: order.customerEmail,
    address: known(order.customerAddress),
    country: known(order.customerCountry),
  };
  await tx.execute(
    `insert into invoice (id, number, year, kind, order_id, seller, buyer, line, currency, amount, issued_at, capture_id)
     values (?, ?, ?, 'invoice', ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?)`,
    [
      randomUUID(),
      await nextNumber(tx, year),
      year,
      order.id,
      JSON.stringify(await sellerDetails(tx)),
      JSON.stringify(buyer),
      order.packageName,
      INVOICE_CURRENCY,
      order.packagePrice,
      paidAt,
      captureId,
    ],
  );
}

/**
 * Issues the credit note of a refund of `orderId`'s payment, in the refund's transaction: it reverses
 * the order's invoice in full (the amount negated, exactly), with the same seller and buyer. No
 * invoice (a payment made before invoices existed) or a credit note issued already: none.
 */
export async function issueCreditNote(
  tx: EntityManager,
  orderId: string,
  refundedAt: Date,
): Promise<void> {
  const [invoice] = await tx.execute<
    {
      id: string;
      seller: unknown;
      buyer: unknown;
      line: string;
      currency: string;
      amount: string;
      capture_id: string | null;
    }[]
  >(
    `select i.id, i.seller, i.buyer, i.line, i.currency, i.amount::text as amount, i.capture_id
       from invoice i
      where i.order_id = ? and i.kind = 'invoice'
        and not exists (select 1 from invoice c where c.references_id = i.id)`,
    [orderId],
  );
  if (!invoice) return;
  const year = refundedAt.getUTCFullYear();
  await tx.execute(
    `insert into invoice (id, number, year, kind, order_id, references_id, seller, buyer, line, currency, amount, issued_at, capture_id)
     values (?, ?, ?, 'credit-note', ?, ?, ?::jsonb, ?::jsonb, ?, ?, -(?::numeric), ?, ?)`,
    [
      randomUUID(),
      await nextNumber(tx, year),
      year,
      orderId,
      invoice.id,
      JSON.stringify(invoice.seller),
      JSON.stringify(invoice.buyer),
      invoice.line,
      invoice.currency,
      invoice.amount,
      refundedAt,
      invoice.capture_id,
    ],
  );
}
