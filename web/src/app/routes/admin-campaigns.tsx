import { useParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { useCampaign } from '../../features/campaigns/api/get-campaign';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail';
import { CampaignEditor } from '../../features/campaigns/components/campaign-editor';
import { useSession } from '../../features/auth/api/get-session';
import { CampaignsTable } from '../../features/campaigns/components/campaigns-table';
import { isNotFoundError, NotFoundRoute } from './not-found';

/** `/newsletters`: every newsletter, newest first, with its counts. */
export function CampaignsRoute() {
  return (
    <Page title="Newsletters">
      <PageHeader eyebrow="Admin" title="Newsletters" />
      <Section>
        <Container>
          <div className="campaigns-toolbar">
            <LinkButton to="/newsletters/welcome" variant="secondary">
              Welcome e-mail
            </LinkButton>
            <LinkButton to="/newsletters/new">New newsletter</LinkButton>
          </div>
          <CampaignsTable />
        </Container>
      </Section>
    </Page>
  );
}

/** `/newsletters/new`: write a newsletter; its first save gives it its own address. */
export function NewCampaignRoute() {
  const canSend = useIsAdmin();
  return (
    <Page title="New newsletter">
      <PageHeader eyebrow="Admin" title="New newsletter" />
      <Section>
        <Container>
          <CampaignEditor canSend={canSend} />
          <BackToNewsletters />
        </Container>
      </Section>
    </Page>
  );
}

/** `/newsletters/:id`: a draft in the editor, or where a sent one stands; an unknown id is not found. */
export function CampaignRoute() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id, { poll: false });
  const isAdmin = useIsAdmin();
  if (isNotFoundError(campaign.error)) return <NotFoundRoute />;
  return (
    <Page title="Newsletter">
      <PageHeader eyebrow="Admin" title="Newsletter" />
      <Section>
        <Container>
          <CampaignDetail id={id} canSend={isAdmin} />
          <BackToNewsletters />
        </Container>
      </Section>
    </Page>
  );
}

function BackToNewsletters() {
  return (
    <p className="campaigns-back">
      <LinkButton to="/newsletters" variant="ghost">
        Back to Newsletters
      </LinkButton>
    </p>
  );
}

/** Only an admin sends, schedules, resumes or cancels a campaign (an editor writes and tries it). */
function useIsAdmin(): boolean {
  return useSession().data?.account?.role === 'admin';
}
