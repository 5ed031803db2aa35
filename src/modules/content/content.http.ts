import type { HttpSide } from '../../platform/http/http-side.js';
import { ContentDraftsHttpController } from './http/content-drafts.http.controller.js';
import { ContentEntriesHttpController } from './http/content-entries.http.controller.js';
import { ContentHistoryHttpController } from './http/content-history.http.controller.js';
import { GetContentRoute } from './queries/get-content/get-content.route.js';

/** The module's HTTP side, read only by a role that serves HTTP (content.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    ContentEntriesHttpController,
    ContentHistoryHttpController,
    ContentDraftsHttpController,
  ],
  providers: [GetContentRoute],
};
