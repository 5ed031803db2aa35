import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AuditLog } from '../../features/audit/components/audit-log';

/** `/admin/audit` (admins only): who did what in the admin area, and when. */
export function AuditLogRoute() {
  return (
    <Page title="Audit log">
      <PageHeader eyebrow="Admin" title="Audit log">
        <p>Every admin action, newest first: who, when, what changed and from which address.</p>
      </PageHeader>
      <Section>
        <Container>
          <AuditLog />
        </Container>
      </Section>
    </Page>
  );
}
