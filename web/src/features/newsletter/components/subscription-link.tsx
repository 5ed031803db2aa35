import { NEWSLETTER_MESSAGES, subscriberTokenSchema } from '@contracts/newsletter';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { type SubscriptionLinkAction, useSubscriptionLink } from '../api/subscription-link';
import './newsletter.css';

const PENDING_LABEL: Record<SubscriptionLinkAction, string> = {
  confirm: 'Confirming your subscription…',
  unsubscribe: 'Unsubscribing…',
};

function looksLikeToken(token: string): boolean {
  return subscriberTokenSchema.shape.token.safeParse(token).success;
}

/**
 * Follows the link of a newsletter e-mail (confirm or unsubscribe) with its token, once per page visit,
 * and shows the server's answer.
 */
export function SubscriptionLink({
  action,
  token,
}: {
  action: SubscriptionLinkAction;
  token: string;
}) {
  const { mutate, data, error, isSuccess, isError } = useSubscriptionLink(action);
  const valid = looksLikeToken(token);
  // A confirmation token is single use: never post it twice (React StrictMode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token, valid]);

  const home = <LinkButton to="/">Go to the home page</LinkButton>;

  if (!valid || isError) {
    return (
      <div className="newsletter-result">
        <Alert tone="error">{valid ? errorMessage(error) : NEWSLETTER_MESSAGES.invalidLink}</Alert>
        {action === 'confirm' && (
          <p className="newsletter-result__intro">
            Sign up again with the form at the bottom of the page to get a new link.
          </p>
        )}
        <div>{home}</div>
      </div>
    );
  }

  if (isSuccess) {
    return (
      <div className="newsletter-result">
        <Alert tone="success">{data.message}</Alert>
        <div>{home}</div>
      </div>
    );
  }

  return <PageLoading label={PENDING_LABEL[action]} />;
}
