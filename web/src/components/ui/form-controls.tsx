import { type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import './form-controls.css';

/** Why a server-rendered form stays disabled in a browser that runs no script. */
export const NO_SCRIPT_NOTE =
  'This form needs JavaScript: turn it on in your browser to use it. Our e-mail address and phone number are at the bottom of the page.';

/**
 * A server-rendered form's controls, disabled until the page has hydrated: before that the form has
 * no handlers, so typing would be lost and a submit would reload the page with the fields in its URL.
 * Without JavaScript it never hydrates: a `<noscript>` note above the controls says why.
 * (It adds no box of its own: the form lays out the controls as before.)
 */
export function FormControls({ children }: { children: ReactNode }) {
  return (
    <fieldset className="form-controls" disabled={!useHydrated()}>
      <noscript>
        <p className="form-controls__no-script">{NO_SCRIPT_NOTE}</p>
      </noscript>
      {children}
    </fieldset>
  );
}
