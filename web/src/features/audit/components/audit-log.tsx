import { AUDIT_PAGE_SIZE } from '@contracts/audit';
import { Paginator } from '../../../components/ui/paginator';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { DataTableEmpty } from '../../../components/ui/table';
import { useAuditPage } from '../api/get-audit-page';
import { AuditFilters } from './audit-filters';
import { useAuditSearch } from './audit-search';
import { AUDIT_COLUMN_COUNT, AuditTable } from './audit-table';
import './audit.css';

const CAPTION = 'Audit log';

/** `/admin/audit`: every admin action, newest first, filtered by who, what and when (in the address). */
export function AuditLog() {
  const { page, filters, setFilters, setPage } = useAuditSearch();
  const entries = useAuditPage({ page, pageSize: AUDIT_PAGE_SIZE, ...filters });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="audit-log">
      <AuditFilters
        // The form starts from the address again whenever it changes (a filter, Back, a link).
        key={JSON.stringify(filters)}
        filters={filters}
        onChange={setFilters}
      />
      {entries.isPending ? (
        <SkeletonTable
          label="Loading the audit log"
          title={CAPTION}
          rows={5}
          columns={AUDIT_COLUMN_COUNT - 1}
        />
      ) : entries.isError ? (
        <QueryErrorAlert
          title="The audit log"
          error={entries.error}
          onRetry={() => void entries.refetch()}
          isRetrying={entries.isFetching}
        />
      ) : (
        <div aria-busy={entries.isPlaceholderData || undefined}>
          <AuditTable entries={entries.data.items} caption={CAPTION} />
          {entries.data.items.length === 0 && (
            <DataTableEmpty>
              {entries.data.total > 0
                ? `There is no page ${page}: the log has ${Math.ceil(entries.data.total / entries.data.pageSize)}.`
                : filtered
                  ? 'No entry matches these filters.'
                  : 'No admin action has been recorded yet.'}
            </DataTableEmpty>
          )}
          <Paginator
            page={page}
            pageCount={Math.ceil(entries.data.total / entries.data.pageSize)}
            onPageChange={setPage}
            label="Audit log pages"
          />
        </div>
      )}
    </div>
  );
}
