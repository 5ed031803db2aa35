import { type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import './form-controls.css';

/**
 * A server-rendered form's controls, disabled until the page has hydrated: before that the form has
 * no handlers, so typing would be lost and a submit would reload the page with the fields in its URL.
 * (It adds no box of its own: the form lays out the controls as before.)
 */
export function FormControls({ children }: { children: ReactNode }) {
  return (
    <fieldset className="form-controls" disabled={!useHydrated()}>
      {children}
    </fieldset>
  );
}
