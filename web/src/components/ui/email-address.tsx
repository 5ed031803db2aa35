import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column may wrap: at its `@` and dots first (a `<wbr>` before
 * each), never in the middle of a part unless that part alone is too wide. The text is unchanged.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
