/**
 * The admin home's charts against the built server and real PostgreSQL: sales per day, week and month
 * (paid and refunded, exact decimal strings, empty buckets listed with zeros), orders by status pair,
 * subscribers gained and lost, each bad parameter refused with its field, and admins only.
 *
 *   npm run build:server && npm run test:integration -- test/integration/admin-stats.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
} from '../support/identity.js';
import { documentedAccess } from '../support/openapi.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'admin-stats' });

describe('GET /api/admin/stats', () => {
  let admin: HttpClient;

  const stats = async (query: string): Promise<Json> => {
    const response = await admin.get(`/api/admin/stats?${query}`);
    assertStatus(response, 200, `GET /api/admin/stats?${query}`);
    return asObject(response.body, 'the stats');
  };

  beforeAll(async () => {
    admin = await world.admin();
    const customer = await world.customer();
    // Orders on chosen days of March 2025 (UTC), with chosen prices and payment statuses.
    const orders: [string, string, 'Paid' | 'Refunded' | 'UnPaid', 'Pending' | 'Delivered'][] = [
      ['2025-03-03T00:00:00.000Z', '100.10', 'Paid', 'Delivered'],
      ['2025-03-03T23:59:59.999Z', '0.20', 'Paid', 'Pending'],
      ['2025-03-03T12:00:00.000Z', '49.00', 'Refunded', 'Pending'],
      ['2025-03-05T08:00:00.000Z', '10.00', 'UnPaid', 'Pending'],
      ['2025-03-10T08:00:00.000Z', '1234.56', 'Paid', 'Pending'],
      // Outside every range asked below.
      ['2025-02-28T23:59:59.999Z', '999.00', 'Paid', 'Pending'],
    ];
    for (const [orderDate, price, paymentStatus, orderStatus] of orders) {
      const { id } = await world.order({ by: customer });
      await world.db.query(
        `update "order" set order_date = $2, package_price = $3, payment_status = $4,
           order_status = $5 where id = $1`,
        [id, orderDate, price, paymentStatus, orderStatus],
      );
    }
    const subscribers: [string, string | null][] = [
      ['2025-03-03T10:00:00.000Z', null],
      ['2025-03-03T11:00:00.000Z', '2025-03-10T09:00:00.000Z'],
      ['2025-01-01T00:00:00.000Z', '2025-03-04T09:00:00.000Z'],
    ];
    for (const [createdAt, unsubscribedAt] of subscribers) {
      await world.db.query(
        `insert into subscriber (id, email, status, created_at, requested_at, unsubscribed_at)
         values ($1, $2, $3, $4, $4, $5)`,
        [
          randomUUID(),
          `stats-${randomUUID()}@example.com`,
          unsubscribedAt ? 'unsubscribed' : 'confirmed',
          createdAt,
          unsubscribedAt,
        ],
      );
    }
  }, 120_000);

  test('per day: every day of the range, exact sums as decimal strings, empty days zero', async () => {
    const body = await stats('from=2025-03-02&to=2025-03-05&bucket=day');
    expect(body).toMatchObject({ from: '2025-03-02', to: '2025-03-05', bucket: 'day' });
    const zero = { paidOrders: 0, paidTotal: '0.00', refundedOrders: 0, refundedTotal: '0.00' };
    expect(body.sales).toStrictEqual([
      { start: '2025-03-02', orders: 0, ...zero },
      {
        start: '2025-03-03',
        orders: 3,
        paidOrders: 2,
        paidTotal: '100.30',
        refundedOrders: 1,
        refundedTotal: '49.00',
      },
      { start: '2025-03-04', orders: 0, ...zero },
      { start: '2025-03-05', orders: 1, ...zero },
    ]);
    expect(body.subscribers).toStrictEqual([
      { start: '2025-03-02', gained: 0, lost: 0 },
      { start: '2025-03-03', gained: 2, lost: 0 },
      { start: '2025-03-04', gained: 0, lost: 1 },
      { start: '2025-03-05', gained: 0, lost: 0 },
    ]);
    expect(body.stages).toStrictEqual([
      { orderStatus: 'Pending', paymentStatus: 'Paid', orders: 1 },
      { orderStatus: 'Pending', paymentStatus: 'Refunded', orders: 1 },
      { orderStatus: 'Pending', paymentStatus: 'UnPaid', orders: 1 },
      { orderStatus: 'Delivered', paymentStatus: 'Paid', orders: 1 },
    ]);
  });

  test('per week (from Monday) and per month', async () => {
    const weeks = await stats('from=2025-03-01&to=2025-03-16&bucket=week');
    expect(
      (weeks.sales as Json[]).map(({ start, orders, paidTotal }) => [start, orders, paidTotal]),
    ).toStrictEqual([
      // The week of Monday 24 February holds 1 March only: the order of 28 February is outside.
      ['2025-02-24', 0, '0.00'],
      ['2025-03-03', 4, '100.30'],
      ['2025-03-10', 1, '1234.56'],
    ]);
    expect(
      (weeks.subscribers as Json[]).map(({ start, gained, lost }) => [start, gained, lost]),
    ).toStrictEqual([
      ['2025-02-24', 0, 0],
      ['2025-03-03', 2, 1],
      ['2025-03-10', 0, 1],
    ]);
    const months = await stats('from=2025-02-01&to=2025-04-30&bucket=month');
    expect(
      (months.sales as Json[]).map(({ start, paidOrders, paidTotal, refundedTotal }) => [
        start,
        paidOrders,
        paidTotal,
        refundedTotal,
      ]),
    ).toStrictEqual([
      ['2025-02-01', 1, '999.00', '0.00'],
      ['2025-03-01', 3, '1334.86', '49.00'],
      ['2025-04-01', 0, '0.00', '0.00'],
    ]);
  });

  test('defaults: the last 90 days ending today, per day; an order paid today is counted', async () => {
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const { id } = await world.order({ paid: true });
    const paidAt = (await world.db.query('select paid_at from "order" where id = $1', [id])).rows[0]
      .paid_at as Date;
    const askedOn = day(new Date());
    const body = await stats('');
    // Today is the day it was asked, or the next one when midnight (UTC) passed meanwhile.
    expect([askedOn, day(new Date())]).toContain(body.to);
    expect(body).toMatchObject({ bucket: 'day' });
    expect(body.sales as Json[]).toHaveLength(90);
    expect((body.sales as Json[]).at(-1)).toMatchObject({ start: body.to });
    expect((body.sales as Json[]).find((row) => row.start === day(paidAt))).toMatchObject({
      orders: 1,
      paidOrders: 1,
      paidTotal: '499.00',
    });
  });

  test('bad parameters are refused with their field and reason', async () => {
    const cases: [string, string, string][] = [
      ['from=2025-13-01', 'from', 'must be a date'],
      ['to=yesterday', 'to', 'must be a date'],
      ['from=2025-03-05&to=2025-03-04', 'to', 'must not be before from'],
      ['from=2020-01-01&to=2025-01-01&bucket=day', 'from', 'at most 731 days'],
      ['bucket=year', 'bucket', 'must be one of day, week, month'],
    ];
    for (const [query, field, reason] of cases) {
      const body = assertErrorBody(await admin.get(`/api/admin/stats?${query}`), 400, query);
      expect(fieldsOf(body)[field]).toContain(reason);
    }
    // The same five years are fine per month.
    await stats('from=2020-01-01&to=2025-01-01&bucket=month');
  });

  test('admins only', async () => {
    const customer = await world.customer();
    assertErrorBody(await world.api.client().get('/api/admin/stats'), 401);
    assertErrorBody(await customer.client.get('/api/admin/stats'), 403);
    const accessOf = await documentedAccess(world.api.client());
    expect(accessOf('get', '/api/admin/stats')).toBe('admin');
  });
});
