import { z } from 'zod';
import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../components/ui/skeleton';
import { useAdminUser } from '../../features/admin-users/api/get-admin-user';
import { UpdateAdminUserForm } from '../../features/admin-users/components/update-admin-user-form';
import { InvitationControls } from '../../features/admin-users/components/invitation-controls';
import { isNotFoundError, NotFoundRoute } from './not-found';
import './auth-pages.css';

const isId = (value: string) => z.uuid().safeParse(value).success;

function AdminUserEditor({ id }: { id: string }) {
  const user = useAdminUser(id);

  if (user.isPending) return <SkeletonBlock label="Loading the admin user" />;
  if (user.isError) return <QueryErrorAlert query={user} />;
  return (
    <>
      <UpdateAdminUserForm key={user.data.id} user={user.data} />
      <InvitationControls user={user.data} />
    </>
  );
}

/** `/admin-user/:id` (admins only): change an admin user's e-mail; an unknown id is not found. */
export function AdminUserRoute() {
  const { id = '' } = useParams();
  const validId = isId(id);
  const user = useAdminUser(id, { enabled: validId });
  if (!validId || isNotFoundError(user.error)) return <NotFoundRoute />;

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
