import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type AdminOrderFilter, toMoney } from '../../../../contracts/orders.js';
import {
  CSV_CHUNK_ROWS,
  type Keyset,
  keysetCsv,
  SQL_ISO_UTC,
} from '../../../../platform/http/csv-export.js';
import { adminOrderConditions } from '../list-admin-orders/admin-order-filter.js';
import { ExportOrdersQuery } from './export-orders.query.js';
import { ORDER_CSV_HEADER } from './order-csv.js';

interface ExportRow {
  id: string;
  order_date: string;
  customer_name: string;
  customer_email: string;
  package_name: string;
  package_price: string;
  payment_status: string;
  paid_via: string | null;
  order_status: string;
  cursor_at: string;
}

/** Newest first by (order_date, id), in chunks (keysetCsv), with the list's filters. */
@QueryHandler(ExportOrdersQuery)
export class ExportOrdersHandler implements IQueryHandler<ExportOrdersQuery> {
  constructor(private readonly em: EntityManager) {}

  execute({ filter }: ExportOrdersQuery): Promise<Readable> {
    return keysetCsv(
      ORDER_CSV_HEADER,
      (after) => this.chunk(filter, after),
      (row) => [
        row.id,
        row.order_date,
        row.customer_name,
        row.customer_email,
        row.package_name,
        toMoney(row.package_price),
        row.payment_status,
        row.paid_via ?? '',
        row.order_status,
      ],
    );
  }

  private chunk(filter: AdminOrderFilter, after?: Keyset): Promise<ExportRow[]> {
    const { conditions, params } = adminOrderConditions(filter);
    if (after) {
      conditions.push('(order_date, id) < (cast(? as timestamptz), cast(? as uuid))');
      params.push(after.at, after.id);
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    return this.em.getConnection().execute<ExportRow[]>(
      `select id, customer_name, customer_email, package_name, package_price::text as package_price,
              payment_status, paid_via, order_status,
              to_char(order_date at time zone 'UTC', ${SQL_ISO_UTC}) as order_date,
              order_date::text as cursor_at
         from "order" ${where}
        order by order_date desc, id desc
        limit ${CSV_CHUNK_ROWS}`,
      params,
    );
  }
}
