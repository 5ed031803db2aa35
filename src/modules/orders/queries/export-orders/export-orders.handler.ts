import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type AdminOrderFilter, toMoney } from '../../../../contracts/orders.js';
import { adminOrderConditions } from '../list-admin-orders/admin-order-filter.js';
import { ExportOrdersQuery } from './export-orders.query.js';
import { csvRow, ORDER_CSV_HEADER } from './order-csv.js';

/** Rows per query: memory stays flat however many orders there are. */
const CHUNK_ROWS = 1000;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

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
  /** order_date at full (microsecond) precision, which a JavaScript Date would cut: the keyset. */
  cursor_at: string;
}

type Keyset = { at: string; id: string };

/**
 * As the subscribers' export: keyset pagination (order_date, id) rather than OFFSET or one open cursor,
 * each chunk one short indexed query on a pooled connection, none held while a slow client reads. Not
 * a snapshot: an order placed during the download is not in the file.
 */
@QueryHandler(ExportOrdersQuery)
export class ExportOrdersHandler implements IQueryHandler<ExportOrdersQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter }: ExportOrdersQuery): Promise<Readable> {
    // Read before answering, so that an unreachable database is an error status, not a cut-off file.
    const first = await this.chunk(filter);
    return Readable.from(this.lines(filter, first), { objectMode: false });
  }

  private async *lines(filter: AdminOrderFilter, first: ExportRow[]) {
    yield csvRow(ORDER_CSV_HEADER);
    let rows = first;
    while (rows.length > 0) {
      yield rows
        .map((row) =>
          csvRow([
            row.id,
            row.order_date,
            row.customer_name,
            row.customer_email,
            row.package_name,
            toMoney(row.package_price),
            row.payment_status,
            row.paid_via ?? '',
            row.order_status,
          ]),
        )
        .join('');
      const last = rows.at(-1)!;
      rows =
        rows.length < CHUNK_ROWS
          ? []
          : await this.chunk(filter, { at: last.cursor_at, id: last.id });
    }
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
              to_char(order_date at time zone 'UTC', ${ISO_UTC}) as order_date,
              order_date::text as cursor_at
         from "order" ${where}
        order by order_date desc, id desc
        limit ${CHUNK_ROWS}`,
      params,
    );
  }
}
