import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type SimulatorSettings, slowAnswer } from '../simulator-settings.js';
import { standardPaymentPage } from './standard-page.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The simulator's Payments Standard side, at PayPal's path (`/cgi-bin/webscr`), by `cmd`: `_xclick`
 * shows the payment; `_simulator-pay` (its Pay button) posts a real IPN to the shop's listener and
 * returns the buyer to `return`; `_notify-validate` answers VERIFIED only for the messages it sent
 * itself (remembered by hash in PostgreSQL, so any API process answers).
 */
export class StandardSimulator {
  private readonly logger = new Logger('PaypalSimulator');

  constructor(
    private readonly em: EntityManager,
    private readonly settings: SimulatorSettings,
  ) {}

  async answer(raw: Buffer, reply: FastifyReply): Promise<FastifyReply> {
    const fields = new URLSearchParams(raw.toString('utf8'));
    switch (fields.get('cmd')) {
      case '_notify-validate':
        await slowAnswer(this.settings.verifyDelayMs);
        return reply
          .type('text/plain')
          .send((await this.sentByUs(raw.subarray(raw.indexOf('&') + 1))) ? 'VERIFIED' : 'INVALID');
      case '_xclick':
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(standardPaymentPage(fields));
      case '_simulator-pay':
        return this.pay(fields, reply);
      default:
        return reply.code(400).type('text/plain').send('Unknown cmd');
    }
  }

  private async sentByUs(message: Buffer): Promise<boolean> {
    const known = await this.em
      .fork()
      .execute<{ n: number }[]>('select 1 as n from paypal_simulator_message where sha256 = ?', [
        sha256(message),
      ]);
    return known.length > 0;
  }

  /**
   * Posts an IPN message to the shop's listener as PayPal does, remembered first so that its postback
   * is answered VERIFIED. A refusal or a failure is logged: PayPal would retry, a tester sees it.
   */
  async postIpn(fields: Record<string, string>): Promise<void> {
    const bytes = Buffer.from(new URLSearchParams(fields).toString(), 'utf8');
    await this.em
      .fork()
      .execute(
        'insert into paypal_simulator_message (sha256, created_at) values (?, now()) on conflict do nothing',
        [sha256(bytes)],
      );
    const notifyUrl = this.settings.ipnUrl;
    try {
      const answer = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: bytes,
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok)
        this.logger.warn(
          { status: answer.status, notifyUrl },
          'The IPN listener refused the simulated IPN',
        );
    } catch (error) {
      this.logger.warn({ err: error, notifyUrl }, 'The simulated IPN could not be delivered');
    }
  }

  /** Pay: the IPN PayPal would send, then back to the shop. */
  private async pay(fields: URLSearchParams, reply: FastifyReply): Promise<FastifyReply> {
    const notifyUrl = fields.get('notify_url') ?? '';
    // The simulator posts only to this shop's own listener: never a request to an address a
    // visitor typed.
    if (notifyUrl !== this.settings.ipnUrl) {
      return reply.code(400).type('text/plain').send('notify_url is not this shop’s IPN listener');
    }
    const txnId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const ipn = {
      mc_gross: fields.get('amount') ?? '',
      mc_currency: fields.get('currency_code') ?? '',
      // A tester may ask the simulator for another outcome (Pending, Refunded…); PayPal decides it.
      payment_status: fields.get('simulator_payment_status') || 'Completed',
      txn_type: 'web_accept',
      txn_id: txnId,
      receiver_email: fields.get('business') ?? '',
      business: fields.get('business') ?? '',
      item_name: fields.get('item_name') ?? '',
      item_number: fields.get('item_number') ?? '',
      custom: fields.get('custom') ?? '',
      payer_email: 'buyer@paypal-simulator.test',
      payer_status: 'verified',
      payment_date: new Date().toUTCString(),
      charset: 'utf-8',
      notify_version: '3.9',
    };
    if (ipn.payment_status === 'Completed') {
      // A completed payment may be disputed later (the simulator's Resolution Center).
      await this.em
        .fork()
        .execute(
          'insert into paypal_simulator_payment (txn_id, fields, created_at) values (?, ?, now())',
          [txnId, JSON.stringify(ipn)],
        );
    }
    await this.postIpn(ipn);
    return reply.redirect(fields.get('return') ?? '/', 303);
  }
}
