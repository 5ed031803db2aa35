import type { HttpSide } from '../../platform/http/http-side.js';
import { InvoicesHttpController } from './http/invoices.http.controller.js';
import { ExportInvoicesHttpController } from './queries/export-invoices/export-invoices.http.controller.js';
import { AdminInvoicesHttpController } from './queries/list-invoices/list-invoices.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (invoices.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [InvoicesHttpController, AdminInvoicesHttpController, ExportInvoicesHttpController],
};
