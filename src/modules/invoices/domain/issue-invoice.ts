import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The invoices' currency: every package is priced in US dollars. */
export const INVOICE_CURRENCY = 'USD';

/**
 * Who sells, as the content said when the document was issued (documents issued before the Business
 * Details section existed have only name, address and email).
 */
export interface SellerDetails {
  name: string;
  address: string | null;
  email: string | null;
  taxId?: string | null;
  /** Printed at the foot of the document. */
  footer?: string | null;
  /** The logo's address (`/uploads/<name>`), printed when the store has it as PNG or JPEG. */
  logo?: string | null;
}

/** Who buys, as the order named them (the order form's optional billing details too). */
export interface BuyerDetails {
  name: string;
  email: string;
  address: string | null;
  country: string | null;
  companyName?: string | null;
  taxId?: string | null;
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
  companyName?: string | null;
  billingAddress?: string | null;
  taxId?: string | null;
}

/**
 * An order's invoice (not its credit note), when it has one: for the receipt e-mail's link. With
 * `captureId`, the invoice of that payment (a monthly order has one per charge); without, the order's
 * first invoice (a one-off order's only one).
 */
export async function invoiceOfOrder(
  em: EntityManager,
  orderId: string,
  captureId?: string | null,
): Promise<{ id: string; number: string } | null> {
  const [row] = await em.execute<{ id: string; number: string }[]>(
    captureId === undefined
      ? `select id, number from invoice where order_id = ? and kind = 'invoice'
          order by issued_at, number limit 1`
      : `select id, number from invoice
          where order_id = ? and kind = 'invoice' and coalesce(capture_id, '') = coalesce(?, '')`,
    captureId === undefined ? [orderId] : [orderId, captureId],
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
 * The seller, from the content's Business Details (legal name, address, tax id, invoice footer, logo)
 * as they are now. A site whose admins never filled them in (installed before the section existed)
 * falls back to what invoices used before: the SEO settings' site name and postal address (else the
 * footer's Location). The footer's e-mail address is named in both cases. Read in the transaction, from
 * the content's table.
 */
async function sellerDetails(tx: EntityManager): Promise<SellerDetails> {
  const rows = await tx.execute<{ section: string; data: Record<string, unknown> }[]>(
    `select section, data from content_entry
      where singleton and section in ('businessDetails', 'seo', 'footerAddress')`,
  );
  const of = (section: string, field: string) => {
    const value = rows.find((row) => row.section === section)?.data[field];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const email = of('footerAddress', 'emailAddress');
  const legalName = of('businessDetails', 'legalName');
  if (legalName) {
    return {
      name: legalName,
      address: of('businessDetails', 'address'),
      email,
      taxId: of('businessDetails', 'taxId'),
      footer: of('businessDetails', 'invoiceFooter'),
      logo: of('businessDetails', 'logo'),
    };
  }
  return {
    name: of('seo', 'siteName') ?? 'SEO Agency',
    address: of('seo', 'postalAddress') ?? of('footerAddress', 'location'),
    email,
  };
}

/** The buyer as the order names them: the billing address, when given, instead of the order's. */
function buyerDetails(order: PaidOrder): BuyerDetails {
  return {
    name: order.customerName,
    email: order.customerEmail,
    companyName: order.companyName?.trim() || null,
    address: order.billingAddress?.trim() || known(order.customerAddress),
    country: known(order.customerCountry),
    taxId: order.taxId?.trim() || null,
  };
}

/**
 * One charge of a monthly order's subscription: what PayPal took (not necessarily the order's price)
 * and the invoice's line, naming the month ("Premium — monthly plan, month 2").
 */
export interface InvoicedCharge {
  /** An exact decimal string. */
  amount: string;
  line: string;
}

/**
 * Issues the invoice of a payment just recorded on `order`, in the payment's transaction `tx` (the
 * order's row is locked by it), and answers it; null when none was issued. A one-off payment (no
 * `charge`) is invoiced once per order: an order invoiced already keeps its invoice (a payment reported
 * again issues none). A subscription's charge is invoiced once per (order, capture id): each charge
 * its own invoice, for its amount, the same charge reported again none.
 */
export async function issueInvoice(
  tx: EntityManager,
  order: PaidOrder,
  paidAt: Date,
  captureId: string | null,
  charge?: InvoicedCharge,
): Promise<{ id: string; number: string } | null> {
  const [existing] = charge
    ? await tx.execute(
        `select 1 from invoice
          where order_id = ? and kind = 'invoice' and coalesce(capture_id, '') = coalesce(?, '')`,
        [order.id, captureId],
      )
    : await tx.execute(`select 1 from invoice where order_id = ? and kind = 'invoice'`, [order.id]);
  if (existing) return null;
  const year = paidAt.getUTCFullYear();
  const buyer = buyerDetails(order);
  const id = randomUUID();
  const number = await nextNumber(tx, year);
  await tx.execute(
    `insert into invoice (id, number, year, kind, order_id, seller, buyer, line, currency, amount, issued_at, capture_id)
     values (?, ?, ?, 'invoice', ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?)`,
    [
      id,
      number,
      year,
      order.id,
      JSON.stringify(await sellerDetails(tx)),
      JSON.stringify(buyer),
      charge?.line ?? order.packageName,
      INVOICE_CURRENCY,
      charge?.amount ?? order.packagePrice,
      paidAt,
      captureId,
    ],
  );
  return { id, number };
}

/**
 * Issues the credit note of a refund of `orderId`'s payment, in the refund's transaction: it reverses
 * the order's earliest invoice that has none yet (a one-off order's only one) in full (the amount negated, exactly), for the same buyer, from the seller as the
 * Business Details name it now (a document names its issuer as it is when it is issued). No
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
      buyer: unknown;
      line: string;
      currency: string;
      amount: string;
      capture_id: string | null;
    }[]
  >(
    `select i.id, i.buyer, i.line, i.currency, i.amount::text as amount, i.capture_id
       from invoice i
      where i.order_id = ? and i.kind = 'invoice'
        and not exists (select 1 from invoice c where c.references_id = i.id)
      order by i.issued_at, i.number
      limit 1`,
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
      JSON.stringify(await sellerDetails(tx)),
      JSON.stringify(invoice.buyer),
      invoice.line,
      invoice.currency,
      invoice.amount,
      refundedAt,
      invoice.capture_id,
    ],
  );
}
