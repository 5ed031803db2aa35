/**
 * The shop's part of `npm run bench`: what a signed-in customer's POST /api/orders costs (session, validation,
 * the pricing lookup, the insert and its outbox rows) against a bare Fastify POST inserting the same row with
 * plain SQL, and how long a PayPal payment takes from its IPN reaching the listener to the order being Paid
 * (stored, queued, verified against the simulator by the worker, applied), read from the server's own
 * timestamps in PostgreSQL.
 */
import pg from 'pg';
import { HttpClient } from '../test/support/http-client.js';
import { pollUntil } from '../test/support/net.js';

export interface Shopper {
  client: HttpClient;
  /** The Cookie header of the signed-in session. */
  cookie: string;
  packageId: string;
}

/** Signs in as the env admin (an account like any other: it can order) and finds the Premium package. */
export async function signInShopper(
  baseUrl: string,
  email: string,
  password: string,
): Promise<Shopper> {
  const client = new HttpClient(baseUrl, { origin: baseUrl, 'sec-fetch-site': 'same-origin' });
  const login = await client.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`bench login: ${login.status} ${login.text}`);
  const sid = client.cookie('sid');
  if (!sid) throw new Error('bench login set no session cookie');
  const packages = await client.get('/api/content/pricing');
  const premium = (packages.body as { _id: string; packageName: string }[]).find(
    (entry) => entry.packageName === 'Premium',
  );
  if (!premium) throw new Error('the demo content has no Premium package');
  return { client, cookie: `sid=${sid}`, packageId: premium._id };
}

/** The order POST as a browser of the site sends it (autocannon's request options). */
export function orderRequest(shopper: Shopper, baseUrl: string) {
  return {
    method: 'POST' as const,
    headers: {
      cookie: shopper.cookie,
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ packageId: shopper.packageId, customerName: 'Bench Customer' }),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

export interface IpnLatency {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/**
 * Buys `count` orders one after another at the simulator (place, read the checkout form, Pay) and
 * measures, for each, the IPN's arrival at the listener to the order's `paid_at`.
 */
export async function measureIpnToPaid(
  shopper: Shopper,
  baseUrl: string,
  databaseUrl: string,
  count: number,
): Promise<IpnLatency> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const placed = await shopper.client.post('/api/orders', {
        packageId: shopper.packageId,
        customerName: 'Bench Buyer',
      });
      if (placed.status !== 201) throw new Error(`place an order: ${placed.status}`);
      const orderId = (placed.body as { _id: string })._id;
      const checkout = await shopper.client.get(`/api/orders/${orderId}/checkout`);
      const { action, fields } = checkout.body as {
        action: string;
        fields: { name: string; value: string }[];
      };
      const form = new URLSearchParams(fields.map((field) => [field.name, field.value]));
      form.set('cmd', '_simulator-pay');
      const paid = await fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`pay at the simulator: ${paid.status}`);
      const row = await pollUntil(
        async () => {
          const { rows } = await db.query<{ ms: string | null }>(
            `select extract(epoch from (o.paid_at - n.received_at)) * 1000 as ms
               from "order" o join payment_notification n on n.order_id = o.id
              where o.id = $1 and o.payment_status = 'Paid' and n.result = 'applied'`,
            [orderId],
          );
          return rows[0];
        },
        { timeoutMs: 30_000, intervalMs: 20, what: `order ${orderId} to be Paid` },
      );
      latencies.push(Number(row.ms));
    }
    latencies.sort((a, b) => a - b);
    return {
      samples: latencies.length,
      p50Ms: quantile(latencies, 0.5),
      p95Ms: quantile(latencies, 0.95),
      maxMs: latencies.at(-1) ?? NaN,
    };
  } finally {
    await db.end();
  }
}
