import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AccountPanel } from '../../features/auth/components/account-panel';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import './auth-pages.css';
import { useAccount } from './use-account';

/** `/dashboard`: the signed-in customer's home. (Orders come with the shop.) */
export function DashboardRoute() {
  const account = useAccount();
  if (!account) return null;

  return (
    <Page title="Dashboard">
      <PageHeader eyebrow="Your account" title="Welcome to User Dashboard">
        <p>Check your account details and keep your password up to date.</p>
        <div className="page-header__actions">
          <SignOutButton />
        </div>
      </PageHeader>
      <Section className="auth-section">
        <Container>
          <AccountPanel account={account} />
        </Container>
      </Section>
    </Page>
  );
}
