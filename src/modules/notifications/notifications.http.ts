import type { HttpSide } from '../../platform/http/http-side.js';
import { LiveEventsRoute } from './live-feed/live-events.route.js';

/** The module's HTTP side, read only by a role that serves HTTP (notifications.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [],
  providers: [LiveEventsRoute],
};
