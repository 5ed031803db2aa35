import { type ReactNode } from 'react';
import './alert.css';

export interface AlertProps {
  /** `error` is announced at once (`role="alert"`); the others politely (`role="status"`). */
  tone?: 'error' | 'success' | 'info';
  className?: string;
  children: ReactNode;
}

/** A message box inside a page or a form: a failure to report, or the outcome of an action. */
export function Alert({ tone = 'info', className, children }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
