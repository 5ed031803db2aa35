import { type ComponentProps, type ReactNode } from 'react';
import './table.css';

export interface DataTableProps extends ComponentProps<'table'> {
  /**
   * On a phone: 'cards' (the default), each row a card of its cells, each cell under the title in
   * its `data-label` (a cell without one, such as the row's action, spans the card), so that no
   * row's action lies beyond the screen's edge; 'scroll', the table as it is, scrolling sideways in
   * its box (a short table of names and values, which fits).
   *
   * A table of cards gives its parts their roles explicitly (`role="row"`, `role="cell"`, …, as
   * `PagedTable` does): some browsers drop a table's semantics once its `display` changes.
   */
  phone?: 'cards' | 'scroll';
}

/**
 * A data table that never widens the page: on a phone its rows become cards (or, with
 * `phone="scroll"`, it scrolls sideways in its box).
 */
export function DataTable({ className, phone = 'cards', ...props }: DataTableProps) {
  const cards = phone === 'cards';
  return (
    <div className="data-table__scroll">
      <table
        role={cards ? 'table' : undefined}
        {...props}
        className={['data-table', cards && 'data-table--cards', className]
          .filter(Boolean)
          .join(' ')}
      />
    </div>
  );
}

/** Said under a table that has no rows: that there are none yet, or none matching the filters. */
export function DataTableEmpty({ children }: { children: ReactNode }) {
  return <p className="data-table__empty">{children}</p>;
}

export interface DataTableHeadProps {
  /** Each column's title, in order. */
  columns: readonly ReactNode[];
  /** The rows' actions' column, last: its title is for screen readers only. */
  actions?: string;
}

/** A data table's header row, with its roles (see DataTable). */
export function DataTableHead({ columns, actions }: DataTableHeadProps) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((column, index) => (
          <th key={index} scope="col" role="columnheader">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col" role="columnheader">
            <span className="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
