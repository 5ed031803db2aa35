import { REDIRECT_STATUS_LABELS, type Redirect } from '@contracts/seo-redirects';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { DataTable, DataTableEmpty, DataTableHead } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteRedirect, useRedirects } from '../api/redirects';
import { RedirectForm } from './redirect-form';
import './redirects.css';

const targetOf = (rule: Redirect) => (rule.status === 410 ? 'Gone' : rule.to);

/**
 * The redirect rules: a table of every rule (old path, kind, target, note) with Edit and Remove,
 * the form editing one in place of the table's form, and the form adding one below.
 */
export function RedirectRules() {
  const titleId = useId();
  const rules = useRedirects();
  const removal = useDeleteRedirect();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<Redirect | null>(null);

  const remove = async (rule: Redirect) => {
    if (!(await confirm({ title: `Remove the redirect of ${rule.from}?`, confirmLabel: 'Remove' })))
      return;
    removal.mutate(rule._id, {
      onSuccess: () => toast.success(`Redirect of ${rule.from} removed`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="redirects" aria-labelledby={titleId}>
      {dialog}
      <h2 id={titleId}>Redirect rules</h2>
      {rules.isPending ? (
        <SkeletonBlock label="Loading the redirect rules" />
      ) : rules.isError ? (
        <QueryErrorAlert title="The redirect rules" query={rules} />
      ) : rules.data.length === 0 ? (
        <DataTableEmpty>No redirects yet.</DataTableEmpty>
      ) : (
        <DataTable aria-label="Redirect rules">
          <DataTableHead columns={['Old path', 'Kind', 'Target', 'Note']} actions="Actions" />
          <tbody role="rowgroup">
            {rules.data.map((rule) => (
              <tr role="row" key={rule._id}>
                <th role="rowheader" scope="row" data-label="Old path">
                  {rule.from}
                  {rule.match === 'prefix' ? ' (and below)' : ''}
                </th>
                <td role="cell" data-label="Kind">
                  {REDIRECT_STATUS_LABELS[rule.status]}
                </td>
                <td role="cell" data-label="Target">
                  {targetOf(rule)}
                </td>
                <td role="cell" data-label="Note">
                  {rule.note}
                </td>
                <td role="cell" className="redirects__actions">
                  <Button variant="ghost" onClick={() => setEditing(rule)}>
                    Edit<span className="visually-hidden"> {rule.from}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void remove(rule)}
                    isLoading={removal.isPending && removal.variables === rule._id}
                    disabled={removal.isPending}
                  >
                    Remove<span className="visually-hidden"> {rule.from}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {editing ? (
        <>
          <h3>Edit the redirect of {editing.from}</h3>
          <RedirectForm key={editing._id} rule={editing} onDone={() => setEditing(null)} />
        </>
      ) : (
        <>
          <h3>Add a redirect</h3>
          <RedirectForm />
        </>
      )}
    </section>
  );
}
