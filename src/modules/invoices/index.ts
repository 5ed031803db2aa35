/** What other modules and the composition root may use of invoices (lint rule: nothing else). */
export { invoiceOfOrder, issueCreditNote, issueInvoice } from './domain/issue-invoice.js';
export { invoicesOfPayments, type PaymentInvoice } from './domain/payment-invoices.js';
export { InvoicesModule } from './invoices.module.js';
