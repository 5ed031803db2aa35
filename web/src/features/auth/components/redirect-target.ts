import { isSafeReturnPath } from '@contracts/identity';

/** Where a visitor goes after signing in when no guarded page sent them to the login page. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `value` when it is a path of this site (see `isSafeReturnPath`), else `undefined`. */
export function safeNextPath(value: string | null | undefined): string | undefined {
  return isSafeReturnPath(value) ? value : undefined;
}

/**
 * The path (with search and hash) the login-required guard saved in `location.state.from`, or
 * `undefined`. Only same-site paths are accepted, never `//host` or a full URL.
 */
export function savedFromPath(state: unknown): string | undefined {
  if (!isRecord(state)) return undefined;
  const { from } = state;
  let path: string | undefined;
  if (typeof from === 'string') {
    path = from;
  } else if (isRecord(from) && typeof from.pathname === 'string') {
    const search = typeof from.search === 'string' ? from.search : '';
    const hash = typeof from.hash === 'string' ? from.hash : '';
    path = `${from.pathname}${search}${hash}`;
  }
  return safeNextPath(path);
}

/**
 * Where the visitor was going before they had to sign in: the guard's `state.from`, or a `?next=`
 * (which the Sign Up and Login links and the verification e-mail's link carry, so that the way
 * survives registering and verifying the e-mail). `undefined` when neither names a page of this site.
 */
export function intendedPath(state: unknown, search: URLSearchParams): string | undefined {
  return savedFromPath(state) ?? safeNextPath(search.get('next'));
}

/** `path` with `?next=` when there is somewhere to go on to. */
export function withNext(path: string, next: string | undefined): string {
  return next === undefined ? path : `${path}?${new URLSearchParams({ next }).toString()}`;
}
