import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AddAdminUserForm } from '../../features/admin-users/components/add-admin-user-form';
import { AdminUsersTable } from '../../features/admin-users/components/admin-users-table';
import './auth-pages.css';
import { useAccount } from './use-account';

/** `/add-user` (admins only): the admin users, and the form to add one. */
export function AddUserRoute() {
  const account = useAccount();
  if (!account) return null;

  return (
    <Page title="Admin Users">
      <PageHeader eyebrow="Admin" title="Admin Users">
        <p>Admin users can use the admin area once their account exists and is verified.</p>
      </PageHeader>
      <Section className="auth-section">
        <Container>
          <section className="card admin-section" aria-label="Admin users">
            <AdminUsersTable currentEmail={account.email} />
          </section>
          <section className="card admin-section" aria-labelledby="add-admin-user-heading">
            <h2 id="add-admin-user-heading" className="admin-section__title">
              Add an admin user
            </h2>
            <AddAdminUserForm />
          </section>
        </Container>
      </Section>
    </Page>
  );
}
