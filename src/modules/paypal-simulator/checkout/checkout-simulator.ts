import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PAYPAL_SIMULATOR_ROOT } from '../../../contracts/paypal-simulator.js';
import { type SimulatorSettings, slowAnswer } from '../simulator-settings.js';

/** PayPal's JSON bodies (snake_case). */
export type Json = Record<string, unknown>;
/** What a call did: PayPal's status and body. */
export type Answer = [status: number, body: Json];
/** A simulated PayPal order as PayPal's Orders v2 API shows it. */
interface SimOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  body: Json;
  capture: Json | null;
}
/** What the buyer chose on the approval page, for the capture to report. */
export interface Scenario {
  outcome: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** A tester may have the capture report another amount (to see it flagged). */
  amount?: string;
}

const TOKEN_SECONDS = 32_400;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** PayPal's transaction ids (captures, sales): 17 capitals and digits. */
export const newId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

/** PayPal's error body. */
export function paypalError(name: string, issue: string, message: string): Json {
  return {
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    details: [{ issue, description: message }],
  };
}

/**
 * The simulator's PayPal Checkout side: the Orders v2 calls the adapter
 * makes (OAuth token, create, get, capture, refund, verify-webhook-signature), with PayPal's shapes,
 * idempotency by PayPal-Request-Id, and signed webhook events for what happens, kept in PostgreSQL so any
 * API process answers. Signatures are an HMAC with the simulator's client secret: it verifies only the
 * events it sent, byte for byte.
 */
export class CheckoutSimulator {
  private readonly logger = new Logger('PaypalSimulator');

  constructor(
    private readonly em: EntityManager,
    private readonly settings: SimulatorSettings,
  ) {}

  url(path: string): string {
    return new URL(`${PAYPAL_SIMULATOR_ROOT}${path}`, this.settings.publicUrl).toString();
  }

  /** A page of the shop the buyer returns to. */
  shopUrl(path: string): string {
    return new URL(path, this.settings.publicUrl).toString();
  }

  // --- OAuth ----------------------------------------------------------------------------------------

  token(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const expected = `Basic ${Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const expires = Math.floor(Date.now() / 1000) + TOKEN_SECONDS;
    return reply.send({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: `SIM.${expires}.${this.sign(`token|${expires}`)}`,
      token_type: 'Bearer',
      app_id: 'APP-SIMULATOR',
      expires_in: TOKEN_SECONDS,
      nonce: randomUUID(),
    });
  }

  /** True when the request carries a token this simulator issued and it has not expired. */
  authorized(request: FastifyRequest): boolean {
    const [, expires, signature] =
      /^Bearer SIM\.(\d+)\.([\w+/=-]+)$/.exec(request.headers.authorization ?? '') ?? [];
    if (!expires || !signature || Number(expires) * 1000 < Date.now()) return false;
    return safeEqual(signature, this.sign(`token|${expires}`));
  }

  // --- Orders v2 ------------------------------------------------------------------------------------

  async createOrder(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const body = parseJson(request.body);
    const unit = (body?.purchase_units as Json[] | undefined)?.[0];
    const amount = unit?.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (
      body?.intent !== 'CAPTURE' ||
      !unit ||
      typeof amount?.value !== 'string' ||
      !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value) ||
      typeof amount.currency_code !== 'string'
    ) {
      return reply
        .code(400)
        .send(
          paypalError(
            'INVALID_REQUEST',
            'INVALID_PARAMETER_VALUE',
            'The request is not a valid CAPTURE order.',
          ),
        );
    }
    return this.idempotent(request, reply, async () => {
      const id = newId();
      const now = new Date().toISOString();
      const order: Json = {
        id,
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default' }],
        create_time: now,
        links: [
          { href: this.url(`/v2/checkout/orders/${id}`), rel: 'self', method: 'GET' },
          { href: this.url(`/checkoutnow?token=${id}`), rel: 'approve', method: 'GET' },
          { href: this.url(`/v2/checkout/orders/${id}/capture`), rel: 'capture', method: 'POST' },
        ],
      };
      await this.em.fork().execute(
        `insert into paypal_simulator_order (id, request_id, status, body, created_at, updated_at)
         values (?, ?, 'CREATED', ?, now(), now())`,
        [id, header(request, 'paypal-request-id'), JSON.stringify(order)],
      );
      return [201, order];
    });
  }

  async getOrder(id: string, reply: FastifyReply): Promise<FastifyReply> {
    const order = await this.find(id);
    if (!order) return reply.code(404).send(notFound());
    return reply.send(this.present(order));
  }

  async captureOrder(
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    return this.idempotent(request, reply, () =>
      this.em.fork().transactional(async (tx) => {
        const [row] = await tx.execute<(SimOrder & { scenario: Scenario | null })[]>(
          `select id, status, body, capture, body->'scenario' as scenario
             from paypal_simulator_order where id = ? for update`,
          [id],
        );
        if (!row) return [404, notFound()];
        if (row.status === 'CREATED') {
          return [
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'ORDER_NOT_APPROVED',
              'The payer has not approved the order.',
            ),
          ];
        }
        if (row.status === 'COMPLETED') {
          return [
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'ORDER_ALREADY_CAPTURED',
              'The order is already captured.',
            ),
          ];
        }
        const scenario = row.scenario ?? { outcome: 'COMPLETED' };
        if (scenario.outcome === 'DECLINED') {
          // The buyer must choose another instrument: the order needs approving again.
          await tx.execute(
            `update paypal_simulator_order set status = 'CREATED', body = body - 'scenario', updated_at = now() where id = ?`,
            [id],
          );
          return [
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'INSTRUMENT_DECLINED',
              'The instrument presented was declined.',
            ),
          ];
        }
        const unit = (row.body.purchase_units as Json[])[0]!;
        const amount = unit.amount as Json;
        const captureId = newId();
        const now = new Date().toISOString();
        const capture: Json = {
          id: captureId,
          status: scenario.outcome,
          ...(scenario.outcome === 'PENDING'
            ? { status_details: { reason: 'PENDING_REVIEW' } }
            : {}),
          amount: { currency_code: amount.currency_code, value: scenario.amount ?? amount.value },
          final_capture: true,
          seller_protection: { status: 'ELIGIBLE' },
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          supplementary_data: { related_ids: { order_id: id } },
          create_time: now,
          update_time: now,
          links: [
            { href: this.url(`/v2/payments/captures/${captureId}`), rel: 'self', method: 'GET' },
            {
              href: this.url(`/v2/payments/captures/${captureId}/refund`),
              rel: 'refund',
              method: 'POST',
            },
            { href: this.url(`/v2/checkout/orders/${id}`), rel: 'up', method: 'GET' },
          ],
        };
        await tx.execute(
          `update paypal_simulator_order set status = 'COMPLETED', capture = ?, updated_at = now() where id = ?`,
          [JSON.stringify(capture), id],
        );
        this.sendWebhook(`PAYMENT.CAPTURE.${scenario.outcome}`, capture);
        return [201, this.present({ ...row, status: 'COMPLETED', capture })];
      }),
    );
  }

  async refundCapture(
    captureId: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    return this.idempotent(request, reply, () =>
      this.em.fork().transactional(async (tx) => {
        const [row] = await tx.execute<SimOrder[]>(
          `select id, status, body, capture from paypal_simulator_order where capture->>'id' = ? for update`,
          [captureId],
        );
        if (!row?.capture) return [404, notFound()];
        if (row.capture.status === 'REFUNDED') {
          return [
            422,
            paypalError(
              'UNPROCESSABLE_ENTITY',
              'CAPTURE_FULLY_REFUNDED',
              'The capture is refunded already.',
            ),
          ];
        }
        const now = new Date().toISOString();
        const refund: Json = {
          id: newId(),
          status: 'COMPLETED',
          amount: row.capture.amount,
          custom_id: row.capture.custom_id,
          invoice_id: row.capture.invoice_id,
          note_to_payer: parseJson(request.body)?.note_to_payer,
          create_time: now,
          update_time: now,
          links: [
            { href: this.url(`/v2/payments/captures/${captureId}`), rel: 'up', method: 'GET' },
          ],
        };
        await tx.execute(
          `update paypal_simulator_order set capture = capture || '{"status":"REFUNDED"}'::jsonb, updated_at = now() where id = ?`,
          [row.id],
        );
        this.sendWebhook('PAYMENT.CAPTURE.REFUNDED', refund);
        return [201, refund];
      }),
    );
  }

  async verifySignature(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    await slowAnswer(this.settings.verifyDelayMs);
    const body = parseJson(request.body) ?? {};
    const valid =
      body.webhook_id === this.settings.webhookId &&
      typeof body.transmission_sig === 'string' &&
      safeEqual(
        body.transmission_sig,
        this.signEvent(
          String(body.transmission_id),
          String(body.transmission_time),
          JSON.stringify(body.webhook_event ?? null),
        ),
      );
    return reply.send({ verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  }

  // --- The buyer's side ------------------------------------------------------------------------------

  async find(id: string): Promise<SimOrder | null> {
    const [row] = await this.em
      .fork()
      .execute<SimOrder[]>(
        'select id, status, body, capture from paypal_simulator_order where id = ?',
        [id],
      );
    return row ?? null;
  }

  /** The buyer approved (or chose a card that will be declined at capture): CHECKOUT.ORDER.APPROVED. */
  async approve(id: string, scenario: Scenario): Promise<SimOrder | null> {
    const [row] = await this.em.fork().execute<SimOrder[]>(
      `update paypal_simulator_order set status = 'APPROVED', body = body || jsonb_build_object('scenario', ?::jsonb),
         updated_at = now() where id = ? and status in ('CREATED', 'APPROVED')
       returning id, status, body, capture`,
      [JSON.stringify(scenario), id],
    );
    if (row) this.sendWebhook('CHECKOUT.ORDER.APPROVED', this.present(row));
    return row ?? null;
  }

  /** The order as the API shows it: the buyer's choice stays the simulator's own. */
  present(order: SimOrder): Json {
    const body = { ...order.body };
    delete body.scenario;
    const units = (body.purchase_units as Json[]).map((unit, index) =>
      index === 0 && order.capture ? { ...unit, payments: { captures: [order.capture] } } : unit,
    );
    return { ...body, status: order.status, purchase_units: units };
  }

  // --- Webhooks ---------------------------------------------------------------------------------------

  /**
   * Posts a signed event to the shop's listener, after the answer (PayPal sends them on its own), for
   * every side of the simulator (Checkout, disputes, subscriptions): see `eventResource`.
   */
  sendWebhook(eventType: string, resource: Json): void {
    const event = {
      id: `WH-${randomBytes(12).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      ...eventResource(eventType),
      event_type: eventType,
      summary: `Simulated ${eventType}`,
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    setImmediate(() => {
      fetch(this.settings.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': this.signEvent(transmissionId, transmissionTime, body),
          'paypal-cert-url': this.url('/certs/simulator'),
          'paypal-auth-algo': 'SHA256withHMAC',
        },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (answer) => {
          if (!answer.ok)
            this.logger.warn(
              { status: answer.status, eventType },
              'The webhook listener refused a simulated event',
            );
        },
        (error: unknown) =>
          this.logger.warn(
            { err: error, eventType },
            'A simulated webhook event could not be delivered',
          ),
      );
    });
  }

  private signEvent(transmissionId: string, time: string, body: string): string {
    return this.sign(`${transmissionId}|${time}|${this.settings.webhookId}|${sha256(body)}`);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.settings.clientSecret).update(text).digest('base64url');
  }

  /**
   * PayPal-Request-Id: the same request id gets the same answer, and does the work once (shared by
   * the simulator's other APIs).
   */
  async idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<Answer>,
  ): Promise<FastifyReply> {
    const requestId = header(request, 'paypal-request-id');
    const scope = `${request.method} ${request.url}|${requestId}`;
    if (requestId) {
      const [known] = await this.em
        .fork()
        .execute<{ status_code: number; answer: Json }[]>(
          'select status_code, answer from paypal_simulator_request where request_id = ?',
          [scope.slice(0, 128)],
        );
      if (known) return reply.code(known.status_code).send(known.answer);
    }
    const [status, answer] = await work();
    // Refusals are not remembered: the buyer may fix the cause and try again with the same id.
    if (requestId && status < 300) {
      await this.em
        .fork()
        .execute(
          'insert into paypal_simulator_request (request_id, status_code, answer) values (?, ?, ?) on conflict do nothing',
          [scope.slice(0, 128), status, JSON.stringify(answer)],
        );
    }
    return reply.code(status).send(answer);
  }
}

/**
 * What an event's resource is, as PayPal labels it: disputes (CUSTOMER.DISPUTE.*) and sales
 * (PAYMENT.SALE.*) are resources of v1 APIs, subscriptions (BILLING.SUBSCRIPTION.*), orders and
 * captures of v2 ones.
 */
function eventResource(eventType: string): { resource_type: string; resource_version: string } {
  if (eventType.startsWith('CUSTOMER.DISPUTE'))
    return { resource_type: 'dispute', resource_version: '1.0' };
  if (eventType.startsWith('PAYMENT.SALE'))
    return { resource_type: 'sale', resource_version: '1.0' };
  if (eventType.startsWith('BILLING.SUBSCRIPTION'))
    return { resource_type: 'subscription', resource_version: '2.0' };
  if (eventType.startsWith('CHECKOUT'))
    return { resource_type: 'checkout-order', resource_version: '2.0' };
  return {
    resource_type: eventType.endsWith('REFUNDED') ? 'refund' : 'capture',
    resource_version: '2.0',
  };
}

/** A request header's value (PayPal-Request-Id), at most 100 characters. */
export function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value ? value.slice(0, 100) : null;
}

/** A JSON object sent as bytes, or null. */
export function parseJson(body: unknown): Json | null {
  try {
    const text = Buffer.isBuffer(body)
      ? body.toString('utf8')
      : typeof body === 'string'
        ? body
        : '';
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

/** PayPal's answer to a request it cannot read: the fields and why. */
export function invalidRequest(error: z.ZodError): Answer {
  const details = error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    issue: 'INVALID_PARAMETER_VALUE',
    description: issue.message,
  }));
  return [400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.', details }];
}

export function notFound(): Json {
  return paypalError(
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
