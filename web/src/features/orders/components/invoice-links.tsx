import { INVOICE_TEXTS } from '@contracts/invoices';
import type { PaymentStatus } from '@contracts/orders';
import { useOrderInvoices } from '../api/orders';

/** Orders that were paid at some point: they have an invoice (and a credit note when refunded). */
const INVOICED: readonly PaymentStatus[] = ['Paid', 'Refunded', 'Disputed', 'Reversed'];

function Links({ orderId }: { orderId: string }) {
  const invoices = useOrderInvoices(orderId);
  if (invoices.isPending) return <span className="order-invoices__loading">…</span>;
  if (invoices.isError) return <span className="order-invoices__error">Invoices unavailable</span>;
  if (invoices.data.length === 0) return null;
  return (
    <span className="order-invoices">
      {invoices.data.map((invoice) => (
        <a key={invoice.id} href={invoice.pdfUrl} download={`${invoice.number}.pdf`}>
          {invoice.kind === 'invoice' ? INVOICE_TEXTS.download : INVOICE_TEXTS.creditNote}{' '}
          {invoice.number}
        </a>
      ))}
    </span>
  );
}

/** The order's invoice and credit note as PDF download links; nothing for an order never paid. */
export function InvoiceLinks({ order }: { order: { _id: string; paymentStatus: PaymentStatus } }) {
  return INVOICED.includes(order.paymentStatus) ? <Links orderId={order._id} /> : null;
}
