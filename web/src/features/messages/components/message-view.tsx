import { MESSAGE_TEXTS } from '@contracts/messages';
import { isUuid } from '@contracts/ids';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, LinkButton } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMessage } from '../api/get-message';
import { useMarkMessageRead } from '../api/mark-message-read';
import { formatReceived, replyHref } from './message-format';
import './messages.css';

function MessageNotFound() {
  return (
    <Alert tone="error">
      <p>{MESSAGE_TEXTS.notFound} The address may be mistyped.</p>
      <p>
        <LinkButton to="/all-messages/" variant="secondary">
          All Messages
        </LinkButton>
      </p>
    </Alert>
  );
}

/** `/view/{id}`: one message as it was sent, 'Mark Read' while it is unread, and 'Reply'. */
export function MessageView({ id }: { id: string }) {
  const headingId = useId();
  const validId = isUuid(id);
  const message = useMessage(id, { enabled: validId });
  const markRead = useMarkMessageRead({
    onSuccess: (answer) => toast.success(answer.notice),
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (!validId) return <MessageNotFound />;
  if (message.isPending) return <SkeletonBlock label="Loading the message" />;
  if (message.isError) {
    if (message.error instanceof ApiError && message.error.statusCode === 404) {
      return <MessageNotFound />;
    }
    return <QueryErrorAlert query={message} />;
  }
  const current = message.data;
  return (
    <article className="card message-view" aria-labelledby={headingId}>
      <h2 id={headingId}>{current.subject}</h2>
      <dl className="message-details">
        <dt>Name</dt>
        <dd>{current.name}</dd>
        <dt>Email</dt>
        <dd>{current.email}</dd>
        <dt>Phone Number</dt>
        <dd>{current.number}</dd>
        <dt>Subject</dt>
        <dd>{current.subject}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={current.createdAt}>{formatReceived(current.createdAt)}</time>
        </dd>
        <dt>Status</dt>
        <dd>{current.messageStatus}</dd>
        <dt>Message</dt>
        <dd>
          {/* Text, never HTML: React escapes it; CSS keeps the sender's line breaks. */}
          <p className="message-text">{current.message}</p>
        </dd>
      </dl>
      <div className="message-view__actions">
        {current.messageStatus === 'UnRead' && (
          <Button
            onClick={() => markRead.mutate(current.id)}
            isLoading={markRead.isPending}
            loadingText="Marking…"
          >
            Mark Read
          </Button>
        )}
        <a className="btn btn--secondary btn--md" href={replyHref(current.email, current.subject)}>
          Reply
        </a>
        <LinkButton to="/all-messages/" variant="ghost">
          All Messages
        </LinkButton>
      </div>
    </article>
  );
}
