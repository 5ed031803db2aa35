import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useCampaign } from '../api/get-campaign';
import { CampaignEditor } from './campaign-editor';
import { CampaignProgressPanel } from './campaign-progress-panel';
import { CampaignBounces } from './campaign-bounces';

/** `/newsletters/:id`: a draft opens in the editor; once scheduled or sent, its progress. */
export function CampaignDetail({ id, canSend = true }: { id: string; canSend?: boolean }) {
  const campaign = useCampaign(id);

  if (campaign.isPending) return <SkeletonBlock label="Loading the newsletter" />;
  // An unknown id (404) is the route's: it shows the not-found page instead of this screen.
  if (campaign.isError) return <QueryErrorAlert query={campaign} />;
  // The editor keeps what is typed while the draft is asked again; a new draft gets a new form.
  return campaign.data.status === 'draft' ? (
    <CampaignEditor key={campaign.data.id} campaign={campaign.data} canSend={canSend} />
  ) : (
    <>
      <CampaignProgressPanel campaign={campaign.data} canSend={canSend} />
      <CampaignBounces campaign={campaign.data} />
    </>
  );
}
