import { CAMPAIGN_PAGE_SIZE, type CampaignSummary } from '@contracts/campaigns';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useCampaigns } from '../api/get-campaigns';
import { formatCampaignTime } from '../campaign-status';
import { CampaignStatusBadge } from './campaign-status-badge';
import './campaigns.css';

function startedOrScheduled(campaign: CampaignSummary): string {
  if (campaign.startedAt) return `Started ${formatCampaignTime(campaign.startedAt)}`;
  if (campaign.scheduledAt) return `Scheduled for ${formatCampaignTime(campaign.scheduledAt)}`;
  return '—';
}

const COLUMNS: PagedTableColumn<CampaignSummary>[] = [
  {
    header: 'Subject',
    rowHeader: true,
    cell: (campaign) => (
      <Link to={`/newsletters/${encodeURIComponent(campaign.id)}`}>{campaign.subject}</Link>
    ),
  },
  { header: 'Status', cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
  { header: 'Scheduled / Started', cell: startedOrScheduled },
  { header: 'Sent', cell: (campaign) => campaign.counts.sent },
  { header: 'Failed', cell: (campaign) => campaign.counts.failed },
  { header: 'Total', cell: (campaign) => campaign.counts.total },
];

/** Every newsletter, newest first, paged on the server, each leading to its editor or progress. */
export function CampaignsTable() {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useCampaigns(page, CAMPAIGN_PAGE_SIZE)}
      page={page}
      pageSize={CAMPAIGN_PAGE_SIZE}
      onPageChange={setPage}
      caption="Newsletters"
      tableClassName="campaigns-table"
      skeleton={{ label: 'Loading the newsletters', rows: 5 }}
      columns={COLUMNS}
      rowKey={(campaign) => campaign.id}
      emptyText="No newsletters yet."
      emptyAloneClassName="campaigns-empty"
    />
  );
}
