import { Link } from './email-components.js';
import type { FOOTER_REASONS } from './email-footers.js';

/** Why the reader gets a newsletter e-mail, and the way out (every newsletter e-mail has it). */
export function NewsletterFooter(props: {
  reason: (typeof FOOTER_REASONS)['newsletter' | 'newsletterSignUp'];
  unsubscribeUrl: string;
}) {
  return (
    <>
      {props.reason} To get no more newsletters:{' '}
      <Link href={props.unsubscribeUrl}>unsubscribe</Link>
    </>
  );
}
