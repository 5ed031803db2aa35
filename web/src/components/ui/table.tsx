import { type ComponentProps } from 'react';
import './table.css';

/** A data table that scrolls sideways on narrow screens instead of overflowing the page. */
export function DataTable({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="data-table__scroll">
      <table {...props} className={['data-table', className].filter(Boolean).join(' ')} />
    </div>
  );
}
