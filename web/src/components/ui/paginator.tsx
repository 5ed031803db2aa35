import './paginator.css';

export interface PaginatorProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the list for assistive technology ("My Orders pages"). */
  label: string;
}

/** Previous, the page numbers and Next (spec §2), for a list paged on the server. */
export function Paginator({ page, pageCount, onPageChange, label }: PaginatorProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className="paginator" aria-label={label}>
      <button
        type="button"
        className="paginator__button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        Previous
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          className="paginator__button"
          onClick={() => onPageChange(number)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="paginator__button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
      >
        Next
      </button>
    </nav>
  );
}
