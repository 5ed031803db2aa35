import type { FieldValues } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { FormControls } from './form-controls';
import type { ServerForm } from './use-server-form';

export interface ServerFormElementProps {
  /** The useServerForm it sends through. */
  server: Pick<ServerForm<FieldValues, FieldValues>, 'onSubmit' | 'formError' | 'isSubmitting'>;
  className: string;
  /** Server-rendered too: its controls stay disabled until the page has hydrated (FormControls). */
  serverRendered?: boolean;
  children: ReactNode;
}

/**
 * The `<form>` of a useServerForm: checked by the schema rather than the browser, busy while it
 * sends, and the failure no field took shown above the fields.
 */
export function ServerFormElement({
  server: { onSubmit, formError, isSubmitting },
  className,
  serverRendered = false,
  children,
}: ServerFormElementProps) {
  const controls = (
    <>
      {formError && <Alert tone="error">{formError}</Alert>}
      {children}
    </>
  );
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
    >
      {serverRendered ? <FormControls>{controls}</FormControls> : controls}
    </form>
  );
}
