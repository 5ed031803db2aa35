import { ORDER_PAGE_SIZES } from '@contracts/orders';
import { Page, PageHeader, Section } from '../../components/ui/page';
import { AdminStatsBlock } from '../../features/insights/components/admin-stats-block';
import { MonthlyPlansBlock } from '../../features/insights/components/monthly-plans-block';
import { AdminInboxTables } from '../../features/messages/components/admin-inbox-tables';
import { UnreadOrderMessages } from '../../features/order-thread';
import { TotalSubscribersTable } from '../../features/newsletter/components/total-subscribers-table';
import { AdminOrdersTable } from '../../features/orders/components/admin-orders-table';
import { DueOrdersTable } from '../../features/orders/components/due-orders-table';
import { OpenDisputesTable } from '../../features/orders/components/open-disputes-table';
import { TotalSalesCard } from '../../features/orders/components/total-sales-card';
import { PaymentAccountCards } from '../../features/payments/components/payment-account-cards';
import './auth-pages.css';
import { useAccount } from './use-account';

/**
 * `/admin` (admins only): the admin area's home. Each block asks for its own data and shows its own
 * skeleton, empty state or error, so one slow or failing list never holds up the others.
 */
export function AdminRoute() {
  const account = useAccount();
  if (!account) return null;

  return (
    <Page title="Admin Panel">
      <PageHeader eyebrow="Admin" title="Welcome to Admin Panel" />
      <Section className="admin-home">
        <div className="admin-home__strip">
          <section className="card admin-home__account" aria-labelledby="admin-account-heading">
            <h2 id="admin-account-heading" className="info-card__label">
              Signed in as
            </h2>
            <p className="info-card__value">{account.email}</p>
          </section>
          <PaymentAccountCards />
        </div>
        <TotalSalesCard />
        <AdminStatsBlock />
        <MonthlyPlansBlock />
        <UnreadOrderMessages viewer="admin" />
        <section className="card admin-home__block" aria-label="Due soon or overdue">
          <DueOrdersTable pageSize={ORDER_PAGE_SIZES.adminHome} />
        </section>
        <section className="card admin-home__block" aria-label="Open disputes">
          <OpenDisputesTable pageSize={ORDER_PAGE_SIZES.adminHome} />
        </section>
        <section className="card admin-home__block" aria-label="Orders">
          <AdminOrdersTable
            pageSize={ORDER_PAGE_SIZES.adminHome}
            caption="Total Orders"
            variant="home"
          />
        </section>
        <div className="admin-home__columns">
          <section className="card admin-home__block" aria-label="Subscribers">
            <TotalSubscribersTable />
          </section>
          <section className="card admin-home__block" aria-label="Messages">
            <AdminInboxTables />
          </section>
        </div>
      </Section>
    </Page>
  );
}
