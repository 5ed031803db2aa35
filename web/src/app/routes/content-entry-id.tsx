import { Outlet, useParams } from 'react-router-dom';
import { NotFoundRoute } from './not-found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The single-segment `/:id` route (spec §2: the about editor). Only an entry id opens the (guarded)
 * editor below; any other one-segment address is an unknown page, for every visitor.
 */
export function ContentEntryIdGate() {
  const { id = '' } = useParams();
  return UUID.test(id) ? <Outlet /> : <NotFoundRoute />;
}
