import { setTimeout as sleep } from 'node:timers/promises';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CaptureHeldByOtherQuery,
  HoldOrderForCaptureCommand,
  ReleaseCaptureHoldCommand,
} from '../../../orders/index.js';
import type { CaptureSource } from '../../domain/payment-capture.entity.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { callPaypal, toHttpError } from '../../paypal/paypal-errors.js';
import { paypalFailure, PaypalRest } from '../../paypal/paypal-rest.js';
import { SettleCapture, type Settled } from '../settle-capture/settle-capture.js';

export type Captured = Settled | 'declined';

/** How long a capture told 'not approved' waits for the other capture of the approval to end. */
const OTHER_CAPTURE_WAIT_MS = 20_000;
const OTHER_CAPTURE_POLL_MS = 50;

/**
 * Captures a PayPal order the buyer approved, with no transaction open while PayPal answers: the order
 * is held first (a cancel cannot slip between PayPal's capture and our record of it), PayPal is called,
 * and what it answers is settled in a short transaction of its own. A retry names the same capture
 * request (PayPal-Request-Id), so PayPal captures once.
 */
@Injectable()
export class PaypalCapture {
  private readonly logger = new Logger(PaypalCapture.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly settleCapture: SettleCapture,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /**
   * Captures an order the buyer approved but nobody captured (a closed tab, a lost answer), unless our
   * order is no longer unpaid (cancelled or paid meanwhile): then its PayPal order is abandoned, and
   * PayPal's approval lapses uncaptured.
   */
  async captureIfPayable(
    paypalOrder: PaypalOrder,
    source: CaptureSource,
  ): Promise<Captured | 'abandoned'> {
    let hold: string;
    try {
      hold = await this.commandBus.execute(new HoldOrderForCaptureCommand(paypalOrder.orderId));
    } catch (error) {
      if (!(error instanceof ConflictException || error instanceof NotFoundException)) throw error;
      await this.abandon(paypalOrder.orderId, 'the order is no longer unpaid');
      return 'abandoned';
    }
    return this.captureHeld(paypalOrder, source, hold);
  }

  /**
   * Captures while the order is held. The hold ends when no money was taken (declined, refused,
   * PayPal out of reach, a mismatch); a paid or pending capture keeps it until the order is Paid (or
   * the hold lapses), so nothing can cancel the order between PayPal's answer and our record of it.
   */
  async captureHeld(
    paypalOrder: PaypalOrder,
    source: CaptureSource,
    hold: string,
  ): Promise<Captured> {
    let captured: Captured | undefined;
    try {
      captured = await this.capture(paypalOrder, source, hold);
      return captured;
    } finally {
      if (!captured || captured === 'declined' || captured.outcome === 'review') {
        await this.commandBus
          .execute(new ReleaseCaptureHoldCommand(hold))
          .catch((error: unknown) => {
            this.logger.warn(
              { err: error, orderId: paypalOrder.orderId },
              'A capture hold lapses instead',
            );
          });
      }
    }
  }

  /**
   * 'declined' when PayPal declined the buyer's instrument (the buyer may choose another). A PayPal
   * order captured already is looked up and settled instead.
   */
  private async capture(
    paypalOrder: PaypalOrder,
    source: CaptureSource,
    hold: string,
  ): Promise<Captured> {
    const { orderId, paypalOrderId, captureAttempt } = paypalOrder;
    try {
      const captured = await (
        await this.rest.api()
      ).orders.captureOrder({
        id: paypalOrderId,
        paypalRequestId: `seo-capture-${paypalOrderId}-${captureAttempt}`,
        prefer: 'return=representation',
      });
      return await this.settleCapture.settleOrder(orderId, captured.result, source);
    } catch (error) {
      const failure = paypalFailure(error);
      if (failure?.issues.includes('INSTRUMENT_DECLINED')) {
        await this.change(orderId, (record, now) => record.decline(captureAttempt, now));
        return 'declined';
      }
      if (failure?.issues.includes('ORDER_ALREADY_CAPTURED')) {
        const found = await callPaypal(async () =>
          (await this.rest.api()).orders.getOrder({ id: paypalOrderId }),
        );
        return this.settleCapture.settleOrder(orderId, found.result, source);
      }
      if (failure?.issues.includes('ORDER_NOT_APPROVED')) {
        // The other capture of this approval (the webhook's or the buyer's) came first and PayPal
        // declined it: PayPal then wants a new approval, and the buyer must hear 'declined'. That
        // capture records the decline before it releases its hold, so it is waited for.
        if (await this.declinedByOtherCapture(paypalOrder, hold)) return 'declined';
        throw new ConflictException('The payment is not approved at PayPal yet.');
      }
      throw toHttpError(error);
    }
  }

  /**
   * Whether the other capture of this approval, holding the order beside ours, ended with PayPal's
   * decline: it is waited for (PayPal answers it within seconds) until it has released its hold.
   */
  private async declinedByOtherCapture(paypalOrder: PaypalOrder, hold: string): Promise<boolean> {
    const { orderId, captureAttempt } = paypalOrder;
    const declined = async (): Promise<boolean> => {
      const now = await this.em.fork().findOne(PaypalOrder, { orderId });
      return Boolean(now?.declinedAt) || (now?.captureAttempt ?? captureAttempt) > captureAttempt;
    };
    const deadline = Date.now() + OTHER_CAPTURE_WAIT_MS;
    while (!(await declined())) {
      const otherUnderWay = await this.queryBus.execute(new CaptureHeldByOtherQuery(orderId, hold));
      if (!otherUnderWay) return declined();
      if (Date.now() > deadline) return false;
      await sleep(OTHER_CAPTURE_POLL_MS);
    }
    return true;
  }

  async abandon(orderId: string, why: string): Promise<boolean> {
    return this.change(orderId, (record, now) => record.abandon(why, now));
  }

  /** One transition of the PayPal order in a short transaction, under its row lock. */
  private change(
    orderId: string,
    transition: (record: PaypalOrder, now: Date) => boolean,
  ): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const record = await tx.findOne(
        PaypalOrder,
        { orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      return record ? transition(record, new Date()) : false;
    });
  }
}
