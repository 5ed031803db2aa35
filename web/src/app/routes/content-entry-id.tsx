import { Outlet, useParams } from 'react-router-dom';
import { NotFoundRoute } from './not-found';
import { isUuid } from '@contracts/ids';

/**
 * The single-segment `/:id` route (spec §2: the about editor). Only an entry id opens the (guarded)
 * editor below; any other one-segment address is an unknown page, for every visitor.
 */
export function ContentEntryIdGate() {
  const { id = '' } = useParams();
  return isUuid(id) ? <Outlet /> : <NotFoundRoute />;
}
