import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { DataTable, DataTableHead } from '../../../components/ui/table';
import { useIntakeForms } from '../api/intake';

/** Where an admin edits a package's questionnaire. */
export const intakeFormPath = (packageId: string) =>
  `/admin/intake-forms/${encodeURIComponent(packageId)}`;

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Every pricing package and its questionnaire (GET /api/admin/intake-forms), each with Edit. */
export function IntakeFormsTable() {
  const forms = useIntakeForms();

  if (forms.isPending)
    return <SkeletonTable label="Loading the questionnaires" rows={3} columns={4} />;
  if (forms.isError) return <QueryErrorAlert query={forms} />;
  if (forms.data.length === 0) {
    return <p>No pricing packages yet: add one under Pricing Packages first.</p>;
  }

  return (
    <DataTable>
      <caption className="visually-hidden">Questionnaires of the packages</caption>
      <DataTableHead
        columns={['Package', 'Questions', 'Delivery time', 'Last saved']}
        actions="Actions"
      />
      <tbody role="rowgroup">
        {forms.data.map((row) => (
          <tr key={row.packageId} role="row">
            <td role="cell" data-label="Package">
              {row.packageName}
            </td>
            <td role="cell" data-label="Questions">
              {row.fieldCount > 0 ? (
                <Badge tone="success">{`${row.fieldCount} (version ${row.version})`}</Badge>
              ) : (
                <Badge tone="neutral">None: work starts at once</Badge>
              )}
            </td>
            <td role="cell" data-label="Delivery time">
              {row.deliveryDays === null ? 'Not set' : `${row.deliveryDays} days`}
            </td>
            <td role="cell" data-label="Last saved">
              {row.savedAt
                ? `${when(row.savedAt)} by ${row.savedBy ?? 'the demo content'}`
                : 'Never'}
            </td>
            <td role="cell">
              <Link
                to={intakeFormPath(row.packageId)}
                className="btn btn--ghost btn--md"
                aria-label={`Edit the ${row.packageName} questionnaire`}
              >
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
