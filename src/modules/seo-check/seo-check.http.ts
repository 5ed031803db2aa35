import type { HttpSide } from '../../platform/http/http-side.js';
import { StartSeoCheckHttpController } from './commands/start-seo-check/start-seo-check.http.controller.js';
import { GetSeoCheckHttpController } from './queries/get-seo-check/get-seo-check.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (seo-check.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [StartSeoCheckHttpController, GetSeoCheckHttpController],
};
