import { type ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'success' | 'warning';

/** A short status label (e.g. "Verified"). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
