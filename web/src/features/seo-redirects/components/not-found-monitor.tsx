import {
  NOT_FOUND_SORTS,
  type NotFoundHit,
  type NotFoundSort,
  type RedirectNotFoundInput,
  redirectNotFoundSchema,
} from '@contracts/seo-redirects';
import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { toast } from '../../../components/ui/toast';
import { useServerForm } from '../../../components/ui/use-server-form';
import { errorMessage } from '../../../lib/api-client';
import { useDismissNotFound, useNotFoundHits, useRedirectNotFound } from '../api/redirects';
import './redirects.css';

const PAGE_SIZE = 25;
const SORT_LABELS: Record<NotFoundSort, string> = {
  count: 'Most hits first',
  lastSeen: 'Most recent first',
};

/** "Redirect this": the 404's path, and the target a 301 from it goes to. */
function RedirectThisForm({ hit, onDone }: { hit: NotFoundHit; onDone: () => void }) {
  const idPrefix = useId();
  const redirect = useRedirectNotFound(hit._id);
  const server = useServerForm({
    schema: redirectNotFoundSchema,
    defaultValues: { to: '', note: '' } satisfies RedirectNotFoundInput,
    submit: redirect.mutateAsync,
    successMessage: `${hit.path} now redirects (301)`,
    onSuccess: onDone,
  });
  return (
    <ServerFormElement className="card redirect-form" server={server}>
      <h3>Redirect {hit.path}</h3>
      <p>
        A 301 from <code>{hit.path}</code> ({hit.count} hits) to:
      </p>
      <TextField
        form={server.fields}
        name="to"
        id={`${idPrefix}-to`}
        label="New path or address"
        hint="A path such as /pricing/, or a full https:// address."
        autoComplete="off"
        autoFocus
      />
      <TextField form={server.fields} name="note" id={`${idPrefix}-note`} label="Note" optional />
      <div className="redirect-form__actions">
        <Button type="submit" isLoading={server.isSubmitting} loadingText="Saving…">
          Create the 301
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </ServerFormElement>
  );
}

/**
 * The 404 monitor: the public paths that answered 404 (most hit or most recent first), each with
 * "Redirect this" (a form prefilled with the path: one submit makes the 301 and the row goes) and
 * Dismiss.
 */
export function NotFoundMonitor() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<NotFoundSort>('count');
  const [redirecting, setRedirecting] = useState<NotFoundHit | null>(null);
  const dismissal = useDismissNotFound();

  const dismiss = (hit: NotFoundHit) =>
    dismissal.mutate(hit._id, {
      onSuccess: () => toast.success(`${hit.path} dismissed`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const columns: PagedTableColumn<NotFoundHit>[] = [
    { header: 'Path', rowHeader: true, cell: (hit) => hit.path },
    { header: 'Hits', cell: (hit) => hit.count },
    { header: 'Last seen', cell: (hit) => new Date(hit.lastSeenAt).toLocaleString('en-US') },
    { header: 'Referred by', cell: (hit) => hit.referrerHost ?? '—' },
    {
      header: 'Actions',
      headerHidden: true,
      label: null,
      className: 'redirects__actions',
      cell: (hit) => (
        <>
          <Button variant="secondary" onClick={() => setRedirecting(hit)}>
            Redirect this<span className="visually-hidden"> {hit.path}</span>
          </Button>
          <Button
            variant="ghost"
            onClick={() => dismiss(hit)}
            isLoading={dismissal.isPending && dismissal.variables === hit._id}
            disabled={dismissal.isPending}
          >
            Dismiss<span className="visually-hidden"> {hit.path}</span>
          </Button>
        </>
      ),
    },
  ];

  return (
    <section className="redirects" aria-labelledby={titleId}>
      <h2 id={titleId}>404 monitor</h2>
      <p>Pages visitors and crawlers asked for that do not exist (query strings left out).</p>
      <FormField label="Order" className="redirects__sort">
        {(control) => (
          <select
            {...control}
            className="input"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as NotFoundSort);
              setPage(1);
            }}
          >
            {NOT_FOUND_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {redirecting && (
        <RedirectThisForm
          key={redirecting._id}
          hit={redirecting}
          onDone={() => setRedirecting(null)}
        />
      )}
      <PagedTable
        query={useNotFoundHits(page, PAGE_SIZE, sort)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        caption="404 paths"
        errorTitle="The 404 paths"
        columns={columns}
        rowKey={(hit) => hit._id}
        emptyText="No 404s counted."
      />
    </section>
  );
}
