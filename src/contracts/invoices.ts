import { z } from 'zod';
import { pageOf, pageParams } from './paging.js';

/**
 * Invoices and credit notes: one invoice per paid order, one credit note per refund (naming the
 * invoice it reverses), numbered INV-YYYY-NNNNNN per year without gaps. Read by the order's customer
 * or an admin; anyone else, an unknown id and a malformed one alike get 404.
 *
 * Customer: GET /api/orders/{id}/invoices → 200 InvoiceSummary[] (oldest first)
 *           GET /api/invoices/{id}.pdf    → 200 application/pdf (attachment)
 */

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The invoice a credit note reverses (its number); null for an invoice. */
  reverses: z.string().nullable(),
  currency: z.string(),
  /** An exact decimal string with two places (negative for a credit note). */
  amount: z.string(),
  issuedAt: z.iso.datetime(),
  /** Where its PDF downloads from. */
  pdfUrl: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListSchema = z.array(invoiceSummarySchema);

export const INVOICE_TEXTS = {
  notFound: 'No such invoice.',
  download: 'Invoice',
  creditNote: 'Credit note',
  adminTitle: 'Invoices',
  adminEmpty: 'No invoice has been issued yet.',
  exportCsv: 'Export CSV',
  orderInvoicesTitle: 'Invoices',
  noInvoices: 'No invoice yet: one is issued when the order is paid.',
} as const;

/** The admins' invoices list: 10 a page. */
export const ADMIN_INVOICES_PAGE_SIZE = 10;
export const MAX_INVOICES_PAGE_SIZE = 50;

export const adminInvoicePageQuerySchema = z.object(
  pageParams(ADMIN_INVOICES_PAGE_SIZE, MAX_INVOICES_PAGE_SIZE),
);
export type AdminInvoicePageQuery = z.output<typeof adminInvoicePageQuerySchema>;

/** An invoice or credit note as the admins' list shows it: with its order and buyer. */
export const adminInvoiceSchema = invoiceSummarySchema
  .extend({
    orderId: z.uuid(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    /** The company the order form named, if any. */
    buyerCompany: z.string().nullable(),
  })
  .meta({ id: 'AdminInvoice' });
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoicePageSchema = pageOf(adminInvoiceSchema).meta({ id: 'AdminInvoicePage' });
export type AdminInvoicePage = z.infer<typeof adminInvoicePageSchema>;

/** The accountant's CSV of every invoice and credit note (admins). */
export const INVOICES_CSV_PATH = '/api/admin/invoices/export.csv';
export const INVOICE_CSV_HEADER = [
  'Number',
  'Kind',
  'Reverses',
  'Issued At',
  'Order ID',
  'Customer Name',
  'Customer Email',
  'Customer Address',
  'Line',
  'Currency',
  'Amount',
  'PayPal Transaction',
  'Seller',
] as const;

/** The download path of an invoice's PDF. */
export const invoicePdfPath = (id: string) => `/api/invoices/${id}.pdf`;
