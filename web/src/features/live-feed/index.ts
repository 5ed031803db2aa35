/** The admin live feed: mount `<LiveFeed />` (or call `useLiveFeed()`) once in the admin layout. */
export { LiveFeed } from './components/live-feed';
export { useLiveFeed } from './api/use-live-feed';
