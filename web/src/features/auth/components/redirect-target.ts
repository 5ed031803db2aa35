/** Where a visitor goes after signing in when no guarded page sent them to the login page. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
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
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    return undefined;
  }
  return path;
}
