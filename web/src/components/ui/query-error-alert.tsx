import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** What the alert reads of a failed TanStack query (`useQuery`'s result fits). */
export interface FailedQuery {
  /** The server's message is shown, or that it could not be reached. */
  error: unknown;
  /** 'Try again' asks again. */
  refetch: () => unknown;
  isFetching: boolean;
}

export interface QueryErrorAlertProps {
  query: FailedQuery;
  /** What could not be loaded, when a page has several parts that load on their own. */
  title?: string;
}

/** A query that failed: why, and 'Try again'. */
export function QueryErrorAlert({ query, title }: QueryErrorAlertProps) {
  return (
    <Alert tone="error">
      {title && <p className="alert__title">{title} could not be loaded.</p>}
      <p>{errorMessage(query.error)}</p>
      <p>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          isLoading={query.isFetching}
        >
          Try again
        </Button>
      </p>
    </Alert>
  );
}
