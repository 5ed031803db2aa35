import { useMatches } from 'react-router-dom';
import { type AdminRouteHandle, type AdminScreen } from '../admin/admin-screen';
import { findAdminScreen } from '../admin/admin-screens';

function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'adminScreen' in handle;
}

/** The admin screen the current route shows (from its `handle`), if it is one. */
export function useAdminScreen(): AdminScreen | undefined {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isAdminRouteHandle);
  return handle && findAdminScreen(handle.adminScreen);
}
