import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A capture hold older than this is taken for a process that died mid-capture and no longer blocks a
 * cancel (PayPal answers within 15 s; whatever PayPal captured meanwhile still reaches the order through
 * the webhook or reconciliation, and is then kept as a payment that needs attention, never lost).
 */
const CAPTURE_HOLD_TTL_SECONDS = 600;

/**
 * Whether a PayPal capture of the order (other than the one holding `exceptToken`) is under way (see
 * HoldOrderForCaptureCommand). A cancel asks with the order's row locked, the lock a hold is taken
 * under. Raw SQL: order_capture_claim is a list of tokens with no entity of its own.
 */
export async function captureUnderWay(
  tx: EntityManager,
  orderId: string,
  exceptToken?: string,
): Promise<boolean> {
  const held = await tx.execute<{ token: string }[]>(
    `select token from order_capture_claim
      where order_id = ? and token is distinct from ?
        and claimed_at > now() - make_interval(secs => ?) limit 1`,
    [orderId, exceptToken ?? null, CAPTURE_HOLD_TTL_SECONDS],
  );
  return held.length > 0;
}

/** The capture ended (the order is Paid, or PayPal denied it): every hold on the order ends. */
export async function endCaptureHolds(tx: EntityManager, orderId: string): Promise<void> {
  await tx.execute('delete from order_capture_claim where order_id = ?', [orderId]);
}
