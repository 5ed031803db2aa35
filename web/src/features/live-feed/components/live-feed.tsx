import { useLiveFeed } from '../api/use-live-feed';

/** The admin live feed as a component (it renders nothing): `<LiveFeed />` in the admin layout. */
export function LiveFeed(): null {
  useLiveFeed();
  return null;
}
