import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

export interface QueryErrorAlertProps {
  /** The query's error: the server's message is shown, or that it could not be reached. */
  error: unknown;
  /** Asks again (the query's `refetch`). */
  onRetry: () => unknown;
  isRetrying?: boolean;
  /** What could not be loaded, when a page has several parts that load on their own. */
  title?: string;
}

/** A query that failed: why, and 'Try again'. */
export function QueryErrorAlert({
  error,
  onRetry,
  isRetrying = false,
  title,
}: QueryErrorAlertProps) {
  return (
    <Alert tone="error">
      {title && <p className="alert__title">{title} could not be loaded.</p>}
      <p>{errorMessage(error)}</p>
      <p>
        <Button variant="secondary" onClick={() => void onRetry()} isLoading={isRetrying}>
          Try again
        </Button>
      </p>
    </Alert>
  );
}
