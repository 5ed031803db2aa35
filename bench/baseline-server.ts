/**
 * The benchmark's yardstick: a bare Fastify hello-world with the same kinds of route as the product
 * (a small JSON health answer, a small HTML page, and the product's content snapshot — the same bytes,
 * read from CONTENT_FILE — served from memory). PORT from the environment.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

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

const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3001) });
process.stdout.write(`${JSON.stringify({ msg: 'Application ready' })}\n`);
