import { type ComponentProps, type ReactNode } from 'react';
import './table.css';

/** A data table that scrolls sideways on narrow screens instead of overflowing the page. */
export function DataTable({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="data-table__scroll">
      <table {...props} className={['data-table', className].filter(Boolean).join(' ')} />
    </div>
  );
}

/** Said under a table that has no rows: that there are none yet, or none matching the filters. */
export function DataTableEmpty({ children }: { children: ReactNode }) {
  return <p className="data-table__empty">{children}</p>;
}
