import { AUDIT_PAGE_SIZE } from '@contracts/audit';
import { PagedTable } from '../../../components/ui/paged-table';
import { useAuditPage } from '../api/get-audit-page';
import { AuditFilters } from './audit-filters';
import { useAuditSearch } from './audit-search';
import { useAuditRows } from './audit-table';
import './audit.css';

/** `/admin/audit`: every admin action, newest first, filtered by who, what and when (in the address). */
export function AuditLog() {
  const { page, filters, setFilters, setPage } = useAuditSearch();
  const entries = useAuditPage({ page, pageSize: AUDIT_PAGE_SIZE, ...filters });
  const filtered = Object.values(filters).some(Boolean);
  const { columns, renderRow } = useAuditRows();

  return (
    <div className="audit-log">
      <AuditFilters
        // The form starts from the address again whenever it changes (a filter, Back, a link).
        key={JSON.stringify(filters)}
        filters={filters}
        onChange={setFilters}
      />
      <PagedTable
        query={entries}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPageChange={setPage}
        caption="Audit log"
        tableClassName="audit-table"
        // The toggle column is narrow: no bar of its own.
        skeleton={{ label: 'Loading the audit log', columns: columns.length - 1, rows: 5 }}
        errorTitle="The audit log"
        columns={columns}
        rowKey={(entry) => entry.id}
        renderRow={renderRow}
        emptyText={
          filtered ? 'No entry matches these filters.' : 'No admin action has been recorded yet.'
        }
        pastLastPageText={(pageCount) => `There is no page ${page}: the log has ${pageCount}.`}
      />
    </div>
  );
}
