/**
 * The benchmark's yardstick: a bare Fastify hello-world with the same kinds of route as the product
 * (a small JSON health answer, a small HTML page, the product's content snapshot and its home page —
 * the same bytes, read from CONTENT_FILE, PAGE_FILE and PAGE_BR_FILE — served from memory), and, with DATABASE_URL, a POST /orders that inserts the
 * row the product's order placement inserts, with one plain SQL statement (no session, no validation, no
 * outbox). PORT from the environment.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><h1>Hello</h1><p>Bare Fastify baseline page.</p></body></html>';

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok', checks: { database: 'up', redis: 'up' } }));

app.get('/', async (_request, reply) => {
  await reply.type('text/html; charset=utf-8').send(HTML);
});

const content = process.env.CONTENT_FILE ? readFileSync(process.env.CONTENT_FILE, 'utf8') : '{}';
app.get('/content', async (_request, reply) => {
  await reply.type('application/json; charset=utf-8').send(content);
});

// The product's home page, as is and in brotli, with the headers a page needs.
const page = process.env.PAGE_FILE ? readFileSync(process.env.PAGE_FILE) : Buffer.from(HTML);
const pageBr = process.env.PAGE_BR_FILE ? readFileSync(process.env.PAGE_BR_FILE) : undefined;
app.get('/page', async (request, reply) => {
  void reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (pageBr && /\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'br').send(pageBr);
  }
  return reply.send(page);
});

const db = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : undefined;
app.post('/orders', async (request, reply) => {
  if (!db) return reply.code(503).send({ message: 'no DATABASE_URL' });
  const { packageId, customerName } = request.body as { packageId: string; customerName: string };
  const now = new Date();
  const { rows } = await db.query(
    `insert into "order" (id, package_id, package_name, package_price, customer_email, customer_name,
       customer_address, customer_country, payment_status, order_status, order_date, updated_at)
     values ($1, $2, 'Premium', '499.00', 'bench@seo-agency.test', $3, 'NA', 'NA', 'UnPaid', 'Pending', $4, $4)
     returning id`,
    [randomUUID(), packageId, customerName, now],
  );
  return reply.code(201).send({ _id: rows[0].id });
});

const close = async () => {
  await app.close();
  await db?.end();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3001) });
process.stdout.write(`${JSON.stringify({ msg: 'Application ready' })}\n`);
