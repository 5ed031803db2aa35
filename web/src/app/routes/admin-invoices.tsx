import { INVOICE_TEXTS } from '@contracts/invoices';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AdminInvoicesList } from '../../features/orders/components/admin-invoices-table';

/** `/admin/invoices`: every invoice and credit note, newest first, with the accountant's CSV. */
export function AdminInvoicesRoute() {
  return (
    <Page title={INVOICE_TEXTS.adminTitle}>
      <PageHeader eyebrow="Admin" title={INVOICE_TEXTS.adminTitle}>
        <p>Every invoice and credit note, newest first. Each opens as a PDF.</p>
      </PageHeader>
      <Section>
        <Container>
          <AdminInvoicesList />
        </Container>
      </Section>
    </Page>
  );
}
