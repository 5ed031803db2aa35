/** The layout routes that guard page groups (one small chunk: they are needed together). */
export { GuestOnly } from '../../features/auth/components/guest-only';
export { RequireAuth } from '../../features/auth/components/require-auth';
