import { type UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Paginator } from './paginator';
import { QueryErrorAlert } from './query-error-alert';
import { SkeletonTable, type SkeletonTableProps } from './skeleton';
import { DataTable, DataTableEmpty, DataTableHead } from './table';

/** One page of a list as the API answers it (`pageOf` in the contracts). */
export interface ListPage<T> {
  items: readonly T[];
  /** How many there are in all. */
  total: number;
}

export interface PagedTableColumn<T> {
  /** The column's title. */
  header: ReactNode;
  /** The title is said to assistive technology only (an action column). */
  headerHidden?: boolean;
  /**
   * The cell's title in the card its row becomes on a phone (`data-label`). By default the header
   * when it is shown text; `null`: none, the cell spanning the card (an action, a cell that names
   * itself). A shorter one may be given for a long header.
   */
  label?: string | null;
  /** The cell of one row; `number` counts rows across pages from 1 (the `Sl.` column). */
  cell: (item: T, number: number) => ReactNode;
  /** On the cell. */
  className?: string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
}

export interface PagedTableProps<T> {
  /** The query of the page shown; its data keeps the previous page while the next one loads. */
  query: UseQueryResult<ListPage<T>>;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the table, and its pages (`${caption} pages`). */
  caption: string;
  /** Columns left out (a variant's) may be given as `false`. */
  columns: readonly (PagedTableColumn<T> | false)[];
  rowKey: (item: T) => string;
  /**
   * A row of its own (an entry that opens onto details): given the cells of `columns`, it returns
   * the row or rows, each a `<tr role="row">` (a table of cards names its parts: see `DataTable`).
   * A plain `<tr role="row">` otherwise.
   */
  renderRow?: (item: T, cells: ReactNode) => ReactNode;
  /** Said when there is nothing to list. */
  emptyText: ReactNode;
  /** Then the text stands alone in this class, without the table's headers. */
  emptyAloneClassName?: string;
  /** Said for a page past the last one (a page number in the address), if not the empty text. */
  pastLastPageText?: (pageCount: number) => ReactNode;
  /** The skeleton's defaults: `Loading ${caption}`, the caption, `pageSize` rows, every column. */
  skeleton?: Partial<SkeletonTableProps>;
  /** Shown while the first page loads instead of the skeleton. */
  loading?: ReactNode;
  /** What could not be loaded, in the error's title; none: the error's message alone. */
  errorTitle?: string;
  /** On the box around the table, its empty text and its paginator. */
  className?: string;
  /** On the `<table>`. */
  tableClassName?: string;
}

/** The title of a column's cells in a phone's cards (see `PagedTableColumn.label`). */
export function cellLabel<T>(column: PagedTableColumn<T>): string | undefined {
  if (column.label !== undefined) return column.label ?? undefined;
  return !column.headerHidden && typeof column.header === 'string' ? column.header : undefined;
}

/**
 * Moves a page emptied meanwhile (its last rows removed or moved elsewhere) to the last one there
 * is. Call it while rendering the component that holds the page (React's way to adjust state to new
 * data), so that the empty page is never shown.
 */
export function keepPageInRange(
  page: number,
  setPage: (page: number) => void,
  total: number | undefined,
  pageSize: number,
) {
  const pageCount = Math.ceil((total ?? 0) / pageSize);
  if (pageCount > 0 && page > pageCount) setPage(pageCount);
}

/**
 * A list paged on the server, from its query: a skeleton while the first page loads, the error with
 * Try again, the table of the page (its columns declared once), what to say when it is empty, and
 * the paginator.
 */
export function PagedTable<T>({
  query,
  page,
  pageSize,
  onPageChange,
  caption,
  columns: allColumns,
  rowKey,
  renderRow = (item, cells) => <tr role="row">{cells}</tr>,
  emptyText,
  emptyAloneClassName,
  pastLastPageText,
  skeleton,
  loading,
  errorTitle,
  className,
  tableClassName,
}: PagedTableProps<T>) {
  const columns = allColumns.filter((column) => column !== false);

  if (query.isPending) {
    return (
      loading ?? (
        <SkeletonTable
          label={`Loading ${caption}`}
          title={caption}
          rows={pageSize}
          columns={columns.length}
          {...skeleton}
        />
      )
    );
  }
  if (query.isError) {
    return <QueryErrorAlert title={errorTitle} query={query} />;
  }

  const { items, total } = query.data;
  if (total === 0 && emptyAloneClassName) return <p className={emptyAloneClassName}>{emptyText}</p>;
  const pageCount = Math.ceil(total / pageSize);
  const firstNumber = (page - 1) * pageSize + 1;
  return (
    <div className={className} aria-busy={query.isPlaceholderData || undefined}>
      <DataTable className={tableClassName}>
        <caption className="data-table__caption">{caption}</caption>
        <DataTableHead
          columns={columns.map((column) =>
            column.headerHidden ? (
              <span className="visually-hidden">{column.header}</span>
            ) : (
              column.header
            ),
          )}
        />
        <tbody role="rowgroup">
          {items.map((item, row) => {
            const cells = columns.map((column, index) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={index}
                  scope={column.rowHeader ? 'row' : undefined}
                  role={column.rowHeader ? 'rowheader' : 'cell'}
                  className={column.className}
                  data-label={cellLabel(column)}
                >
                  {column.cell(item, firstNumber + row)}
                </Cell>
              );
            });
            return <Fragment key={rowKey(item)}>{renderRow(item, cells)}</Fragment>;
          })}
        </tbody>
      </DataTable>
      {items.length === 0 && (total === 0 || pastLastPageText) && (
        <DataTableEmpty>{total === 0 ? emptyText : pastLastPageText?.(pageCount)}</DataTableEmpty>
      )}
      <Paginator
        page={page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        label={`${caption} pages`}
      />
    </div>
  );
}
