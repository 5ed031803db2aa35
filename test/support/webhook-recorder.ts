/**
 * A stand-in webhook listener: keeps every event posted to it (headers, the bytes, the parsed event)
 * and answers 200, so a test sees exactly what a sender such as the PayPal simulator sent, and decides
 * what (if anything) reaches the shop. Point PAYPAL_SIMULATOR_WEBHOOK_URL at `url`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pollUntil } from './net.js';

export interface RecordedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; event_type: string; resource: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

export interface WebhookRecorder {
  url: string;
  readonly events: RecordedWebhook[];
  /** The first event of the type whose resource matches, waiting up to 15 s for it. */
  waitFor(
    type: string,
    matches: (resource: Record<string, unknown>) => boolean,
  ): Promise<RecordedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookRecorder(): Promise<WebhookRecorder> {
  const events: RecordedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      events.push({
        headers: request.headers,
        body,
        event: JSON.parse(body) as RecordedWebhook['event'],
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    events,
    waitFor: (type, matches) =>
      pollUntil(
        () => events.find((e) => e.event.event_type === type && matches(e.event.resource)),
        { timeoutMs: 15_000, what: `a ${type} event` },
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The shop's webhook listener (PAYPAL_WEBHOOK_PATH). */
const WEBHOOK_PATH = '/api/payments/paypal/webhook';

/** Posts a recorded event (or another body under its signature) to the shop's listener, as PayPal. */
export function redeliverWebhook(
  baseUrl: string,
  recorded: RecordedWebhook,
  body = recorded.body,
): Promise<Response> {
  return fetch(`${baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...Object.fromEntries(
        Object.entries(recorded.headers).filter(([name]) => name.startsWith('paypal-')),
      ),
    } as Record<string, string>,
    body,
  });
}

/** A webhook event posted with made-up PAYPAL-* headers, as an attacker would: it cannot verify. */
export function deliverForgedWebhook(baseUrl: string, body: string): Promise<Response> {
  return fetch(`${baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': 'forged',
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'Zm9yZ2Vk',
      'paypal-auth-algo': 'SHA256withHMAC',
      'paypal-cert-url': 'https://attacker.example/cert',
    },
    body,
  });
}
