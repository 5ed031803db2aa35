import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface BrandProps {
  /** Where the mark leads: the home page, or the admin home in the admin area. */
  to?: string;
  /** Said after the name (`Admin` in the admin area). */
  suffix?: ReactNode;
  onNavigate?: () => void;
}

/** The logo mark and name, linking home. */
export function Brand({ to = '/', suffix, onNavigate }: BrandProps) {
  return (
    <Link to={to} className="brand" onClick={onNavigate}>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 22l6-6 4 4 8-9M19 11h6v6"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">
        SEO Agency{suffix && <span className="brand__suffix"> {suffix}</span>}
      </span>
    </Link>
  );
}
