import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

export interface QueryErrorAlertProps {
  /** The query's error: the server's message is shown, or that it could not be reached. */
  error: unknown;
  /** Asks again (the query's `refetch`). */
  onRetry: () => unknown;
  isRetrying?: boolean;
}

/** A query that failed: why, and 'Try again'. */
export function QueryErrorAlert({ error, onRetry, isRetrying = false }: QueryErrorAlertProps) {
  return (
    <Alert tone="error">
      <p>{errorMessage(error)}</p>
      <p>
        <Button variant="secondary" onClick={() => void onRetry()} isLoading={isRetrying}>
          Try again
        </Button>
      </p>
    </Alert>
  );
}
