import type { HttpSide } from '../../platform/http/http-side.js';
import { AdminThreadHttpController } from './http/admin-thread.http.controller.js';
import { CustomerThreadHttpController } from './http/customer-thread.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (order-thread.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [CustomerThreadHttpController, AdminThreadHttpController],
};
