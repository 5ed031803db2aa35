import { INVOICE_TEXTS } from '@contracts/invoices';
import { mailFlagText } from '@contracts/newsletter-bounces';
import { formatOrderDate, isOverdue, type Order, ORDER_TEXTS } from '@contracts/orders';
import { ADMIN_STAGE_LABELS, STAGE_LABELS } from '@contracts/workspace';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { type OrderViewer, useOrderInvoices } from '../api/orders';
import { PaymentCell } from './payment-cell';
import './order-page.css';
import { orderPrice } from './order-price';

/**
 * The order's due date: the date (marked when overdue, for admins: `markOverdue`), or why there is none
 * yet.
 */
export function DueDate({
  order,
  markOverdue = false,
}: {
  order: Pick<Order, 'dueAt' | 'stage'>;
  markOverdue?: boolean;
}) {
  if (order.dueAt) {
    const late = markOverdue && isOverdue(order.dueAt) && order.stage !== 'completed';
    return (
      <span className="order-due">
        <time dateTime={order.dueAt}>{formatOrderDate(order.dueAt)}</time>
        {late && <Badge tone="warning">{ORDER_TEXTS.overdue}</Badge>}
      </span>
    );
  }
  if (order.stage === 'awaiting_details' || order.stage === 'awaiting_payment') {
    return <span className="order-due order-due--pending">{ORDER_TEXTS.dueAfterDetails}</span>;
  }
  if (order.stage === 'cancelled' || order.stage === 'refunded') {
    return <span className="order-due order-due--pending">—</span>;
  }
  return <span className="order-due order-due--pending">{ORDER_TEXTS.noDueDate}</span>;
}

function stageTone(stage: Order['stage']) {
  if (stage === 'completed') return 'success' as const;
  if (stage === 'changes_requested' || stage === 'awaiting_details') return 'warning' as const;
  return 'neutral' as const;
}

/** What was ordered, its payment, where the work stands and when it is due. */
export function OrderOverview({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const stages = viewer === 'admin' ? ADMIN_STAGE_LABELS : STAGE_LABELS;
  return (
    <section className="card order-page__card" aria-labelledby="order-overview-heading">
      <h2 id="order-overview-heading" className="order-page__card-title">
        Order details
      </h2>
      <dl className="order-facts">
        <div className="order-facts__item">
          <dt>Package</dt>
          <dd>{order.packageName}</dd>
        </div>
        <div className="order-facts__item">
          <dt>Price</dt>
          <dd>{orderPrice(order)}</dd>
        </div>
        <div className="order-facts__item">
          <dt>Stage</dt>
          <dd>
            <Badge tone={stageTone(order.stage)}>{stages[order.stage]}</Badge>
          </dd>
        </div>
        <div className="order-facts__item">
          <dt>Payment</dt>
          <dd>
            {viewer === 'admin' ? order.paymentStatus : <PaymentCell order={order} />}
            {order.paidAt && (
              <span className="order-facts__note">
                Paid on {formatOrderDate(order.paidAt)}
                {order.paidVia === 'offline' ? ' (offline)' : ''}
              </span>
            )}
          </dd>
        </div>
        <div className="order-facts__item">
          <dt>{ORDER_TEXTS.dueDate}</dt>
          <dd>
            <DueDate order={order} markOverdue={viewer === 'admin'} />
          </dd>
        </div>
        <div className="order-facts__item">
          <dt>Ordered on</dt>
          <dd>{formatOrderDate(order.orderDate)}</dd>
        </div>
        {viewer === 'admin' && (
          <div className="order-facts__item order-facts__item--wide">
            <dt>Customer</dt>
            <dd>
              {order.customerName} · {order.customerEmail}
              {order.customerMailFlag && (
                <span className="order-facts__mail-flag" role="note">
                  {mailFlagText(order.customerMailFlag)}
                </span>
              )}
            </dd>
          </div>
        )}
        {(order.companyName || order.billingAddress || order.taxId) && (
          <div className="order-facts__item order-facts__item--wide">
            <dt>Invoice details</dt>
            <dd className="order-facts__multiline">
              {[order.companyName, order.billingAddress, order.taxId && `Tax ID: ${order.taxId}`]
                .filter(Boolean)
                .join('\n')}
            </dd>
          </div>
        )}
      </dl>
      {viewer === 'admin' && (
        <p className="order-page__admin-link">
          <Link to={`/admin/payment-status/${encodeURIComponent(order._id)}`}>
            Update the order (payment, delivery status)
          </Link>
        </p>
      )}
    </section>
  );
}

/** The order's invoice and credit note, each a PDF download. */
export function OrderInvoicesCard({ order }: { order: Order }) {
  const invoices = useOrderInvoices(order._id);
  return (
    <section className="card order-page__card" aria-labelledby="order-invoices-heading">
      <h2 id="order-invoices-heading" className="order-page__card-title">
        {INVOICE_TEXTS.orderInvoicesTitle}
      </h2>
      {invoices.isPending ? (
        <p className="order-page__muted">Loading the invoices…</p>
      ) : invoices.isError ? (
        <QueryErrorAlert query={invoices} title="The invoices" />
      ) : invoices.data.length === 0 ? (
        <p className="order-page__muted">{INVOICE_TEXTS.noInvoices}</p>
      ) : (
        <ul className="order-invoice-list">
          {invoices.data.map((invoice) => (
            <li key={invoice.id} className="order-invoice-list__item">
              <a href={invoice.pdfUrl} download={`${invoice.number}.pdf`}>
                {invoice.kind === 'invoice' ? INVOICE_TEXTS.download : INVOICE_TEXTS.creditNote}{' '}
                {invoice.number} (PDF)
              </a>
              <span className="order-page__muted">
                {invoice.currency} {invoice.amount} · {formatOrderDate(invoice.issuedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
