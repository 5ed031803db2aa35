import { z } from 'zod';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../components/ui/skeleton';
import { useAdminUser } from '../../features/admin-users/api/get-admin-user';
import { UpdateAdminUserForm } from '../../features/admin-users/components/update-admin-user-form';
import { ApiError } from '../../lib/api-client';
import './auth-pages.css';

const isId = (value: string) => z.uuid().safeParse(value).success;

function NotFound() {
  return (
    <Alert tone="error">
      <p>This admin user was not found. It may have been removed.</p>
      <p>
        <LinkButton to="/add-user" variant="secondary">
          Back to Admin Users
        </LinkButton>
      </p>
    </Alert>
  );
}

function AdminUserEditor({ id }: { id: string }) {
  const validId = isId(id);
  const user = useAdminUser(id, { enabled: validId });

  if (!validId) return <NotFound />;
  if (user.isPending) return <SkeletonBlock label="Loading the admin user" />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.statusCode === 404) return <NotFound />;
    return <QueryErrorAlert query={user} />;
  }
  return <UpdateAdminUserForm key={user.data.id} user={user.data} />;
}

/** `/admin-user/:id` (admins only): change an admin user's e-mail. */
export function AdminUserRoute() {
  const { id = '' } = useParams();

  return (
    <Page title="Update Admin User">
      <PageHeader eyebrow="Admin" title="Update Admin User" />
      <Section className="auth-section">
        <Container>
          <section className="card admin-section" aria-label="Admin user">
            <AdminUserEditor key={id} id={id} />
          </section>
        </Container>
      </Section>
    </Page>
  );
}
