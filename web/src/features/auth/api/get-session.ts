import { type Session } from '@contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';

/** GET /api/auth/session — who is signed in (`account: null` when nobody), and the sign-in options. */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return api.get<Session>('/api/auth/session', { signal });
}

export const sessionQueryKey = SESSION_QUERY_KEY;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 30_000,
  });

/** The current session, shared by the header, the guards and the account pages. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
