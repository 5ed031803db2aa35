import type { HttpSide } from '../../platform/http/http-side.js';
import { IndexNowAdminHttpController } from './http/indexnow-admin.http.controller.js';
import { IndexNowKeyRoutes } from './http/indexnow-key.routes.js';

/** The module's HTTP side, read only by a role that serves HTTP (indexnow.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [IndexNowAdminHttpController],
  providers: [IndexNowKeyRoutes],
};
