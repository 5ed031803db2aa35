import { isUuid } from '@contracts/ids';
import { Outlet, useParams } from 'react-router-dom';
import { SiteShell } from '../layout/site-shell';
import { NotFoundRoute } from './not-found';

/**
 * The single-segment `/:id` route (spec §2: the about editor). Only an entry id opens the (guarded)
 * editor below; any other one-segment address is an unknown page of the public site, for every visitor.
 */
export function ContentEntryIdGate() {
  const { id = '' } = useParams();
  return isUuid(id) ? (
    <Outlet />
  ) : (
    <SiteShell>
      <NotFoundRoute />
    </SiteShell>
  );
}
