import { CAMPAIGN_PAGE_SIZE, type CampaignSummary } from '@contracts/campaigns';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { Paginator } from '../../../components/ui/paginator';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { DataTable } from '../../../components/ui/table';
import { useCampaigns } from '../api/get-campaigns';
import { formatCampaignTime } from '../campaign-status';
import { CampaignStatusBadge } from './campaign-status-badge';
import './campaigns.css';

function startedOrScheduled(campaign: CampaignSummary): string {
  if (campaign.startedAt) return `Started ${formatCampaignTime(campaign.startedAt)}`;
  if (campaign.scheduledAt) return `Scheduled for ${formatCampaignTime(campaign.scheduledAt)}`;
  return '—';
}

/** Every newsletter, newest first, paged on the server, each leading to its editor or progress. */
export function CampaignsTable() {
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(page, CAMPAIGN_PAGE_SIZE);

  if (campaigns.isPending)
    return (
      <SkeletonTable label="Loading the newsletters" title="Newsletters" rows={5} columns={6} />
    );
  if (campaigns.isError) {
    return (
      <QueryErrorAlert
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        isRetrying={campaigns.isFetching}
      />
    );
  }
  const { items, total, pageSize } = campaigns.data;
  if (total === 0) return <p className="campaigns-empty">No newsletters yet.</p>;
  return (
    <>
      <DataTable className="campaigns-table">
        <caption className="campaigns-caption">Newsletters</caption>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Scheduled / Started</th>
            <th scope="col">Sent</th>
            <th scope="col">Failed</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {items.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row">
                <Link to={`/newsletters/${encodeURIComponent(campaign.id)}`}>
                  {campaign.subject}
                </Link>
              </th>
              <td>
                <CampaignStatusBadge status={campaign.status} />
              </td>
              <td>{startedOrScheduled(campaign)}</td>
              <td>{campaign.counts.sent}</td>
              <td>{campaign.counts.failed}</td>
              <td>{campaign.counts.total}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Paginator
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onPageChange={setPage}
        label="Newsletters pages"
      />
    </>
  );
}
