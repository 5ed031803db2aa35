import { ORDER_PAGE_SIZES, ORDER_TEXTS } from '@contracts/orders';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AccountPanel } from '../../features/auth/components/account-panel';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { TwoFactorPanel } from '../../features/auth/components/two-factor-panel';
import { UnreadOrderMessages } from '../../features/order-thread';
import { CustomerOrdersTable } from '../../features/orders/components/customer-orders-table';
import { CustomerSummaryCards } from '../../features/orders/components/customer-summary-cards';
import { CustomerSubscriptions } from '../../features/payments/components/customer-subscriptions';
import './auth-pages.css';
import { useAccount } from './use-account';

/** `/dashboard`: the signed-in customer's home: their orders, total spent, monthly
 * plans and their account. */
export function DashboardRoute() {
  const account = useAccount();
  if (!account) return null;

  return (
    <Page title="Dashboard">
      <PageHeader eyebrow="Your account" title="Welcome to User Dashboard">
        <p>Follow your orders and keep your account details up to date.</p>
        <div className="page-header__actions">
          <SignOutButton />
        </div>
      </PageHeader>
      <Section className="auth-section">
        <Container>
          <CustomerSummaryCards />
          <UnreadOrderMessages viewer="customer" />
          <CustomerSubscriptions />
          <CustomerOrdersTable
            pageSize={ORDER_PAGE_SIZES.customerDashboard}
            caption={ORDER_TEXTS.myOrdersTitle}
            variant="dashboard"
          />
        </Container>
      </Section>
      <Section className="auth-section">
        <Container>
          <AccountPanel account={account} />
          {account.role !== 'customer' && <TwoFactorPanel account={account} />}
        </Container>
      </Section>
    </Page>
  );
}
