import { ORDER_PAGE_SIZES } from '@contracts/orders';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AdminInboxTables } from '../../features/messages/components/admin-inbox-tables';
import { TotalSubscribersTable } from '../../features/newsletter/components/total-subscribers-table';
import { AdminOrdersTable } from '../../features/orders/components/admin-orders-table';
import { TotalSalesCard } from '../../features/orders/components/total-sales-card';
import { PaymentAccountCards } from '../../features/payments/components/payment-account-cards';
import './auth-pages.css';
import { type LinkCardItem, LinkCards } from './link-cards';
import { useAccount } from './use-account';

const ADMIN_SCREENS: readonly LinkCardItem[] = [
  {
    title: 'Total Orders',
    to: '/total-orders',
    description: 'Every order, newest first: deliver it, record a payment or cancel it.',
  },
  {
    title: 'Admin Users',
    to: '/add-user',
    description: 'See who can use the admin area, add an admin user or remove one.',
  },
  {
    title: 'Newsletters',
    to: '/newsletters',
    description:
      'Write a newsletter, try it on yourself, send it to the subscribers and follow it.',
  },
  {
    title: 'Messages',
    to: '/all-messages/',
    description: 'Every contact message, newest first: find one by sender, read it, reply.',
  },
  {
    title: 'Subscribers',
    to: '/all-subscriber/',
    description: 'Every newsletter address and its status: filter, export as CSV, remove one.',
  },
  {
    title: 'Settings',
    to: '/setting',
    description: 'Every section of the admin area in one place.',
  },
];

/** `/admin` (admins only): the admin area's home. */
export function AdminRoute() {
  const account = useAccount();
  if (!account) return null;

  return (
    <Page title="Admin Panel">
      <PageHeader eyebrow="Admin" title="Welcome to Admin Panel" />
      <Section className="auth-section">
        <Container>
          <section className="card admin-section" aria-labelledby="admin-account-heading">
            <h2 id="admin-account-heading" className="info-card__label">
              Signed in as
            </h2>
            <p className="info-card__value">{account.email}</p>
          </section>
          <section className="admin-section" aria-label="Orders">
            <PaymentAccountCards />
            <TotalSalesCard />
            <AdminOrdersTable
              pageSize={ORDER_PAGE_SIZES.adminHome}
              caption="Total Orders"
              variant="home"
            />
          </section>
          <section className="admin-section" aria-label="Messages">
            <AdminInboxTables />
          </section>
          <section className="admin-section" aria-label="Subscribers">
            <TotalSubscribersTable />
          </section>
          <section className="admin-section" aria-label="Admin screens">
            <LinkCards items={ADMIN_SCREENS} />
          </section>
        </Container>
      </Section>
    </Page>
  );
}
