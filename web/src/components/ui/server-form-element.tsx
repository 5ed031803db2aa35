import type { FieldValues } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import type { ServerForm } from './use-server-form';

export interface ServerFormElementProps {
  /** The useServerForm it sends through. */
  server: Pick<ServerForm<FieldValues, FieldValues>, 'onSubmit' | 'formError' | 'isSubmitting'>;
  className: string;
  children: ReactNode;
}

/**
 * The `<form>` of a useServerForm: checked by the schema rather than the browser, busy while it
 * sends, and the failure no field took shown above the fields.
 */
export function ServerFormElement({
  server: { onSubmit, formError, isSubmitting },
  className,
  children,
}: ServerFormElementProps) {
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      {children}
    </form>
  );
}
