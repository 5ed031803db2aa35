import { useSession } from '../../features/auth/api/get-session';

/**
 * The signed-in account, for pages inside the login-required guard (which renders them only once
 * the session is known and signed in); `null` for the moment the session ends.
 */
export function useAccount() {
  return useSession().data?.account ?? null;
}
