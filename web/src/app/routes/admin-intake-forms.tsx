import { z } from 'zod';
import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../components/ui/skeleton';
import { useIntakeForm } from '../../features/intake/api/intake';
import { IntakeFormBuilder } from '../../features/intake/components/intake-form-builder';
import { IntakeFormsTable } from '../../features/intake/components/intake-forms-table';
import { isNotFoundError, NotFoundRoute } from './not-found';

const isId = (value: string) => z.uuid().safeParse(value).success;

/** `/admin/intake-forms` (admins only): every package's questionnaire, to open one. */
export function IntakeFormsRoute() {
  return (
    <Page title="Questionnaires">
      <PageHeader eyebrow="Admin" title="Questionnaires">
        <p>
          What each package asks the customer once it is paid. The work starts when the answers
          arrive, due the package’s delivery time later; a package without questions starts at once.
        </p>
      </PageHeader>
      <Section>
        <Container>
          <IntakeFormsTable />
        </Container>
      </Section>
    </Page>
  );
}

/** `/admin/intake-forms/:id` (admins only): build one package's questionnaire; an unknown id is not found. */
export function IntakeFormRoute() {
  const { id = '' } = useParams();
  const validId = isId(id);
  const form = useIntakeForm(id, { enabled: validId });
  if (!validId || isNotFoundError(form.error)) return <NotFoundRoute />;

  const title = form.data ? `Questionnaire: ${form.data.packageName}` : 'Questionnaire';
  return (
    <Page title={title}>
      <PageHeader eyebrow="Admin" title={title}>
        {form.data && (
          <p>
            {form.data.deliveryDays === null
              ? 'The package names no delivery time (set it on the package): its orders get no due date.'
              : `Due ${form.data.deliveryDays} days after the answers arrive (the package’s delivery time).`}
          </p>
        )}
      </PageHeader>
      <Section>
        <Container>
          {form.isPending ? (
            <SkeletonBlock label="Loading the questionnaire" />
          ) : form.isError ? (
            <QueryErrorAlert query={form} />
          ) : (
            <IntakeFormBuilder key={form.data.packageId} state={form.data} />
          )}
        </Container>
      </Section>
    </Page>
  );
}
