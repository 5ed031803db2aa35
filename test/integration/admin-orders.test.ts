/**
 * The admins' order list and its CSV export against the built server, real PostgreSQL and Redis: search
 * by a part of the customer's name or e-mail, the payment and order status filters and the order days,
 * each bad parameter refused with its field and reason, and the export of the filtered list (streamed,
 * newest first, formula-safe), for admins only.
 *
 *   npm run build:server && npm run test:integration -- test/integration/admin-orders.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  uid,
} from '../support/identity.js';
import { documentedAccess } from '../support/openapi.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'admin-orders' });
const CSV_HEADER =
  'Order ID,Order Date,Customer Name,Customer Email,Package,Price,Payment Status,Paid Via,Order Status';

/** The CSV's data lines split into cells (no cell of these tests holds a comma or a quote). */
function csvLines(response: HttpResponse): { header: string; rows: string[][] } {
  const lines = response.text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  const [header = '', ...rows] = lines.slice(0, -1);
  return { header, rows: rows.map((line) => line.split(',')) };
}

describe('orders for admins: search, filters and the CSV export', () => {
  let admin: HttpClient;
  /** Marks this file's orders: every search below includes it. */
  const tag = uid();
  const ids = {} as Record<'grace' | 'alanOld' | 'alanPaid' | 'formula', string>;
  let graceEmail = '';

  const list = async (query: string): Promise<Json[]> => {
    const response = await admin.get(`/api/admin/orders?pageSize=50&${query}`);
    assertStatus(response, 200, `GET /api/admin/orders?${query}`);
    return asObject(response.body, 'the page').items as Json[];
  };
  const idsOf = async (query: string) => (await list(query)).map((order) => order._id);

  beforeAll(async () => {
    admin = await world.admin();
    const grace = await world.customer();
    const alan = await world.customer();
    graceEmail = grace.email.toLowerCase();
    ids.grace = (await world.order({ by: grace, customerName: `Grace Hopper ${tag}` })).id;
    ids.alanOld = (await world.order({ by: alan, customerName: `Alan Turing ${tag}` })).id;
    ids.alanPaid = (
      await world.order({ by: alan, customerName: `Alan Turing ${tag}`, paid: true })
    ).id;
    ids.formula = (await world.order({ by: alan, customerName: `=HYPERLINK(1) ${tag}` })).id;
    assertStatus(
      await admin.put(`/api/admin/orders/${ids.alanPaid}/status`, { orderStatus: 'Delivered' }),
      200,
      'set Delivered',
    );
    // One order placed on an earlier day (orders are placed now otherwise).
    await world.db.query(`update "order" set order_date = $2 where id = $1`, [
      ids.alanOld,
      '2026-01-15T23:59:59.999Z',
    ]);
  }, 120_000);

  test('search finds a part of the name or the e-mail, in any case; filters combine', async () => {
    // Newest first: the order moved to January comes last.
    expect(await idsOf(`q=${tag}`)).toStrictEqual([
      ids.formula,
      ids.alanPaid,
      ids.grace,
      ids.alanOld,
    ]);
    expect(await idsOf(`q=${encodeURIComponent(`GRACE HOPPER ${tag}`)}`)).toStrictEqual([
      ids.grace,
    ]);
    expect(await idsOf(`q=${encodeURIComponent(graceEmail.toUpperCase())}`)).toStrictEqual([
      ids.grace,
    ]);
    expect(await idsOf(`q=${tag}&paymentStatus=Paid`)).toStrictEqual([ids.alanPaid]);
    expect(await idsOf(`q=${tag}&paymentStatus=UnPaid&orderStatus=Pending`)).toHaveLength(3);
    expect(await idsOf(`q=${tag}&orderStatus=Delivered`)).toStrictEqual([ids.alanPaid]);
    // Days are whole UTC days, both ends included.
    expect(await idsOf(`q=${tag}&from=2026-01-15&to=2026-01-15`)).toStrictEqual([ids.alanOld]);
    expect(await idsOf(`q=${tag}&to=2026-01-14`)).toStrictEqual([]);
    expect(await idsOf(`q=${tag}&from=2026-01-16`)).toHaveLength(3);
    // LIKE's wildcards are searched as they are; a blank search is no search.
    expect(await idsOf(`q=${encodeURIComponent(`%${tag}`)}`)).toStrictEqual([]);
    expect(await idsOf(`q=${encodeURIComponent(`Grace_Hopper ${tag}`)}`)).toStrictEqual([]);
    // A parameter given twice is not text.
    const twice = await admin.get(`/api/admin/orders?q=a&q=${tag}`);
    expect(fieldsOf(assertErrorBody(twice, 400)).q).toBe('q must be text');
    const all = await admin.get('/api/admin/orders?q=%20%20');
    assertStatus(all, 200, 'a blank search');
    expect(asObject(all.body, 'the page').total).toBeGreaterThanOrEqual(4);
    // The total counts the filtered orders, not one page.
    const paged = await admin.get(`/api/admin/orders?q=${tag}&pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect((asObject(paged.body, 'page 2').items as Json[])[0]?._id).toBe(ids.alanPaid);
  });

  test('every bad filter is a 400 naming its field and why, on the list and the export', async () => {
    const cases: [string, string, string][] = [
      ['paymentStatus=Lost', 'paymentStatus', 'Payment Status must be one of'],
      ['orderStatus=Shipped', 'orderStatus', 'Order Status must be one of Pending, Delivered'],
      ['from=2026-13-01', 'from', 'from must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'to', 'to must be a date (YYYY-MM-DD)'],
      ['from=2026-02-02&to=2026-02-01', 'to', 'to must not be before from'],
      [`q=${'x'.repeat(101)}`, 'q', 'q must be at most 100 characters'],
    ];
    for (const path of ['/api/admin/orders', '/api/admin/orders/export.csv']) {
      for (const [query, field, reason] of cases) {
        const body = assertErrorBody(await admin.get(`${path}?${query}`), 400, `${path}?${query}`);
        expect(fieldsOf(body)[field]).toContain(reason);
      }
    }
  });

  test('the export streams the filtered orders, newest first, with formula cells made inert', async () => {
    const response = await admin.get(`/api/admin/orders/export.csv?q=${tag}&orderStatus=Pending`);
    assertStatus(response, 200, 'GET export.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-filtered-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-length')).toBeNull();

    const { header, rows } = csvLines(response);
    expect(header).toBe(CSV_HEADER);
    expect(rows.map(([id]) => id)).toStrictEqual([ids.formula, ids.grace, ids.alanOld]);
    expect(rows[0]![2]).toBe(`'=HYPERLINK(1) ${tag}`);
    expect(rows[1]).toStrictEqual([
      ids.grace,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      `Grace Hopper ${tag}`,
      graceEmail,
      'Premium',
      '499.00',
      'UnPaid',
      '',
      'Pending',
    ]);
    expect(rows[2]![1]).toBe('2026-01-15T23:59:59.999Z');

    const paid = csvLines(
      await admin.get(`/api/admin/orders/export.csv?q=${tag}&paymentStatus=Paid`),
    );
    expect(paid.rows).toHaveLength(1);
    expect(paid.rows[0]!.slice(6)).toStrictEqual(['Paid', 'offline', 'Delivered']);
  });

  test('only admins list and export the orders; the OpenAPI document says so', async () => {
    const { client } = await world.customer();
    assertErrorBody(await world.api.client().get('/api/admin/orders/export.csv'), 401);
    assertErrorBody(await client.get('/api/admin/orders/export.csv'), 403);
    assertErrorBody(await client.get(`/api/admin/orders?q=${tag}`), 403);
    const accessOf = await documentedAccess(world.api.client());
    // Support reads the orders; the export of every order stays with the admins.
    expect(accessOf('get', '/api/admin/orders')).toStrictEqual(['admin', 'support']);
    expect(accessOf('get', '/api/admin/orders/export.csv')).toBe('admin');
  });
});
