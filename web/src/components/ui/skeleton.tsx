import { type CSSProperties } from 'react';
import './skeleton.css';

export interface SkeletonProps {
  /** A CSS length; the bar fills its container by default. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A grey bar standing in for content that is loading (hidden from assistive technology). */
export function Skeleton({ width, height, className }: SkeletonProps) {
  return (
    <span
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

export interface SkeletonBlockProps {
  /** What is loading, said to assistive technology (`Loading the orders`). */
  label: string;
  /** How many lines of text to stand in for. */
  lines?: number;
  className?: string;
}

/** A block of text that is loading: a few bars of varying length, announced once as `label`. */
export function SkeletonBlock({ label, lines = 3, className }: SkeletonBlockProps) {
  return (
    <div role="status" className={['skeleton-block', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, line) => (
        <Skeleton key={line} width={line === lines - 1 && lines > 1 ? '60%' : undefined} />
      ))}
    </div>
  );
}

export interface SkeletonTableProps {
  /** What is loading, said to assistive technology; shown as the table's title too. */
  label: string;
  /** The title shown above the rows, like the table's caption. */
  title?: string;
  rows: number;
  columns: number;
}

/**
 * A table that is loading: its title and `rows` rows of `columns` bars, in the table's place; on a
 * phone, like the table, a card per row (`--skeleton-columns` gives the bars their columns).
 */
export function SkeletonTable({ label, title, rows, columns }: SkeletonTableProps) {
  return (
    <div role="status" className="skeleton-table">
      <span className="visually-hidden">{label}</span>
      {title && (
        <p className="skeleton-table__title" aria-hidden="true">
          {title}
        </p>
      )}
      {Array.from({ length: rows + 1 }, (_, row) => (
        <div
          key={row}
          className="skeleton-table__row"
          style={{ '--skeleton-columns': columns } as CSSProperties}
        >
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} height={row === 0 ? '0.75rem' : undefined} />
          ))}
        </div>
      ))}
    </div>
  );
}
