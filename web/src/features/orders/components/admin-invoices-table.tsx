import {
  ADMIN_INVOICES_PAGE_SIZE,
  type AdminInvoice,
  INVOICE_TEXTS,
  INVOICES_CSV_PATH,
} from '@contracts/invoices';
import { formatOrderDate } from '@contracts/orders';
import { Link } from 'react-router-dom';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { type ListFilterReaders, useListSearchParams } from '../../../lib/use-list-search-params';
import { useAdminInvoices } from '../api/orders';
import './order-page.css';

const COLUMNS: PagedTableColumn<AdminInvoice>[] = [
  { header: 'Number', rowHeader: true, cell: (invoice) => invoice.number },
  {
    header: 'Kind',
    cell: (invoice) =>
      invoice.kind === 'invoice'
        ? INVOICE_TEXTS.download
        : `${INVOICE_TEXTS.creditNote}${invoice.reverses ? ` (reverses ${invoice.reverses})` : ''}`,
  },
  {
    header: 'Order',
    cell: (invoice) => (
      <Link
        to={`/orders/${encodeURIComponent(invoice.orderId)}`}
        aria-label={`Open the order of ${invoice.number}`}
      >
        View order
      </Link>
    ),
  },
  {
    header: 'Buyer',
    cell: (invoice) => (
      <>
        {invoice.buyerCompany ? `${invoice.buyerCompany} · ` : ''}
        {invoice.buyerName}
        <span className="order-facts__note">{invoice.buyerEmail}</span>
      </>
    ),
  },
  { header: 'Amount', cell: (invoice) => `${invoice.currency} ${invoice.amount}` },
  { header: 'Issued', cell: (invoice) => formatOrderDate(invoice.issuedAt) },
  {
    header: 'PDF',
    cell: (invoice) => (
      <a
        href={invoice.pdfUrl}
        download={`${invoice.number}.pdf`}
        aria-label={`Download ${invoice.number} as PDF`}
      >
        PDF
      </a>
    ),
  },
];

/** The list has no filters: only its page is in the address. */
const NO_FILTERS: ListFilterReaders<Record<string, never>> = {};

/** `/admin/invoices`: every invoice and credit note, newest first, paged in the address; the CSV. */
export function AdminInvoicesList() {
  const { page, setPage } = useListSearchParams(NO_FILTERS);
  return (
    <>
      <p>
        <a className="btn btn--secondary btn--md" href={INVOICES_CSV_PATH} download>
          {INVOICE_TEXTS.exportCsv}
        </a>
      </p>
      <PagedTable
        query={useAdminInvoices(page, ADMIN_INVOICES_PAGE_SIZE)}
        page={page}
        pageSize={ADMIN_INVOICES_PAGE_SIZE}
        onPageChange={setPage}
        caption={INVOICE_TEXTS.adminTitle}
        errorTitle={INVOICE_TEXTS.adminTitle}
        columns={COLUMNS}
        rowKey={(invoice) => invoice.id}
        emptyText={INVOICE_TEXTS.adminEmpty}
        pastLastPageText={(pageCount) => `There is no page ${page}: the list has ${pageCount}.`}
      />
    </>
  );
}
