import type { HttpSide } from '../../platform/http/http-side.js';
import { AdminIntakeFormsHttpController } from './http/admin-intake-forms.http.controller.js';
import {
  AdminOrderIntakeHttpController,
  OrderIntakeHttpController,
} from './http/order-intake.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (intake.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    AdminIntakeFormsHttpController,
    OrderIntakeHttpController,
    AdminOrderIntakeHttpController,
  ],
};
