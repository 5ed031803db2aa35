import { type CampaignCounts } from '@contracts/campaigns';
import { DataTable } from '../../../components/ui/table';
import './campaigns.css';

const ROWS: readonly { key: keyof CampaignCounts; label: string }[] = [
  { key: 'queued', label: 'Queued' },
  { key: 'sent', label: 'Sent' },
  { key: 'failed', label: 'Failed' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'total', label: 'Total' },
];

/** The recipients by delivery state, one row each (so each number is named by its row). */
export function CampaignCountsTable({ counts }: { counts: CampaignCounts }) {
  return (
    // Names and numbers: it fits a phone as it is.
    <DataTable className="campaign-counts" phone="scroll">
      <caption className="data-table__caption">Recipients</caption>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{counts[row.key]}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
