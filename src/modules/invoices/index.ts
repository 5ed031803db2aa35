/** What other modules and the composition root may use of invoices (lint rule: nothing else). */
export {
  type InvoicedCharge,
  invoiceOfOrder,
  issueCreditNote,
  issueInvoice,
} from './domain/issue-invoice.js';
export { invoicesOfPayments, type PaymentInvoice } from './domain/payment-invoices.js';
export { InvoicesModule } from './invoices.module.js';
