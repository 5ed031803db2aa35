import { type CampaignStatus } from '@contracts/campaigns';
import { Badge } from '../../../components/ui/badge';
import { CAMPAIGN_STATUS_LABELS, CAMPAIGN_STATUS_TONES } from '../campaign-status';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={CAMPAIGN_STATUS_TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}
