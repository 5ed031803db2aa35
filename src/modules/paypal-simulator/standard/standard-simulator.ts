import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { SimulatorSettings } from '../simulator-settings.js';
import { slowAnswer } from '../simulator-settings.js';
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
      case '_simulator-dispute':
        return this.dispute(fields, reply);
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

  /** Pay: the IPN PayPal would send, then back to the shop. */
  private async pay(fields: URLSearchParams, reply: FastifyReply): Promise<FastifyReply> {
    const notifyUrl = fields.get('notify_url') ?? '';
    // The simulator posts only to this shop's own listener: never a request to an address a
    // visitor typed.
    if (notifyUrl !== this.settings.ipnUrl) {
      return reply.code(400).type('text/plain').send('notify_url is not this shop’s IPN listener');
    }
    const ipn = new URLSearchParams({
      mc_gross: fields.get('amount') ?? '',
      mc_currency: fields.get('currency_code') ?? '',
      // A tester may ask the simulator for another outcome (Pending, Refunded…); PayPal decides it.
      payment_status: fields.get('simulator_payment_status') || 'Completed',
      txn_type: 'web_accept',
      txn_id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
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
    }).toString();
    await this.post(notifyUrl, ipn);
    return reply.redirect(fields.get('return') ?? '/', 303);
  }

  /**
   * The tester's stand-in for a buyer's case and its end on a transaction (`txn_id`): `event` new_case
   * opens it (case_id from the transaction, so the same case is reported again alike), Reversed and
   * Canceled_Reversal are PayPal taking the money back or returning it.
   */
  private async dispute(fields: URLSearchParams, reply: FastifyReply): Promise<FastifyReply> {
    const txnId = (fields.get('txn_id') ?? '').slice(0, 64);
    const event = fields.get('event');
    if (!txnId || !['new_case', 'Reversed', 'Canceled_Reversal'].includes(event ?? '')) {
      return reply.code(400).type('text/plain').send('txn_id and event are required');
    }
    const caseId = `PP-R-${sha256(Buffer.from(txnId)).slice(0, 8).toUpperCase()}`;
    const common = {
      custom: fields.get('custom') ?? '',
      receiver_email: fields.get('business') ?? '',
      mc_currency: 'USD',
      charset: 'utf-8',
      notify_version: '3.9',
    };
    const ipn =
      event === 'new_case'
        ? new URLSearchParams({
            txn_type: 'new_case',
            case_id: caseId,
            case_type: 'complaint',
            reason_code: 'non_receipt',
            txn_id: txnId,
            mc_gross: fields.get('amount') ?? '',
            ...common,
          })
        : new URLSearchParams({
            payment_status: event!,
            // The reversal (or its cancellation) is a transaction of its own on the disputed one.
            txn_id: sha256(Buffer.from(`${event}|${txnId}`))
              .slice(0, 17)
              .toUpperCase(),
            parent_txn_id: txnId,
            case_id: caseId,
            reason_code: 'buyer_complaint',
            mc_gross: `${event === 'Reversed' ? '-' : ''}${fields.get('amount') ?? ''}`,
            ...common,
          });
    await this.post(this.settings.ipnUrl, ipn.toString());
    return reply.code(204).send();
  }

  /** Posts an IPN it remembers having sent (so that its postback answers VERIFIED). */
  private async post(notifyUrl: string, ipn: string): Promise<void> {
    const bytes = Buffer.from(ipn, 'utf8');
    await this.em
      .fork()
      .execute(
        'insert into paypal_simulator_message (sha256, created_at) values (?, now()) on conflict do nothing',
        [sha256(bytes)],
      );
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
}
