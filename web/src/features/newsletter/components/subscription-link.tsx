import { NEWSLETTER_MESSAGES, subscriberTokenSchema } from '@contracts/newsletter';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, LinkButton } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { type SubscriptionLinkAction, useSubscriptionLink } from '../api/subscription-link';
import './newsletter.css';

function looksLikeToken(token: string): boolean {
  return subscriberTokenSchema.shape.token.safeParse(token).success;
}

/** The server's answer to a followed link: its notice, or why the link did not work. */
function LinkOutcome({
  action,
  error,
  notice,
}: {
  action: SubscriptionLinkAction;
  error?: string;
  notice?: string;
}) {
  return (
    <div className="newsletter-result">
      {error !== undefined ? (
        <Alert tone="error">{error}</Alert>
      ) : (
        <Alert tone="success">{notice}</Alert>
      )}
      {error !== undefined && action === 'confirm' && (
        <p className="newsletter-result__intro">
          Sign up again with the form at the bottom of the page to get a new link.
        </p>
      )}
      <div>
        <LinkButton to="/">Go to the home page</LinkButton>
      </div>
    </div>
  );
}

/** Confirms at once: the link of the confirmation e-mail is the owner's answer. */
function ConfirmSubscription({ token }: { token: string }) {
  const { mutate, data, error, isSuccess, isError } = useSubscriptionLink('confirm');
  // A confirmation token is single use: never post it twice (React StrictMode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (isError) return <LinkOutcome action="confirm" error={errorMessage(error)} />;
  if (isSuccess) return <LinkOutcome action="confirm" notice={data.message} />;
  return <PageLoading label="Confirming your subscription…" />;
}

/**
 * Asks first: mail scanners and link previews open the links of an e-mail, and opening one must not
 * unsubscribe anybody (RFC 8058). Mail programs unsubscribe in one click by POSTing to the
 * List-Unsubscribe address instead.
 */
function Unsubscribe({ token }: { token: string }) {
  const { mutate, data, error, isSuccess, isError, isPending } = useSubscriptionLink('unsubscribe');

  if (isError) return <LinkOutcome action="unsubscribe" error={errorMessage(error)} />;
  if (isSuccess) return <LinkOutcome action="unsubscribe" notice={data.message} />;
  return (
    <div className="newsletter-result">
      <p className="newsletter-result__intro">
        Do you want to stop getting the SEO Agency newsletter at this address?
      </p>
      <div>
        <Button
          onClick={() => mutate({ token })}
          isLoading={isPending}
          loadingText="Unsubscribing…"
        >
          Unsubscribe
        </Button>
      </div>
    </div>
  );
}

/** The page of a newsletter e-mail's link (confirm or unsubscribe) with its token. */
export function SubscriptionLink({
  action,
  token,
}: {
  action: SubscriptionLinkAction;
  token: string;
}) {
  if (!looksLikeToken(token)) {
    return <LinkOutcome action={action} error={NEWSLETTER_MESSAGES.invalidLink} />;
  }
  return action === 'confirm' ? (
    <ConfirmSubscription token={token} />
  ) : (
    <Unsubscribe token={token} />
  );
}
