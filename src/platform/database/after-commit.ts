import type { EntityManager, EventSubscriber, Transaction } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';

const logger = new Logger('AfterCommit');

/** Callbacks waiting for their transaction to commit; a rolled-back transaction's are dropped with it. */
const waiting = new WeakMap<Transaction, (() => void)[]>();

/**
 * Runs `callback` once `em`'s transaction has committed, or now when `em` is in none (its flush
 * committed already). Work that announces a change (waking the outbox relay, in-process events) must not
 * run before the change is visible to other connections, nor at all when it is rolled back.
 * Inside a nested transaction (a savepoint) it runs when the savepoint is released.
 */
export function afterCommit(em: EntityManager, callback: () => void): void {
  const transaction = em.getTransactionContext();
  if (!transaction) {
    callback();
    return;
  }
  const callbacks = waiting.get(transaction);
  if (callbacks) callbacks.push(callback);
  else waiting.set(transaction, [callback]);
}

/** Registered with the ORM (orm-options.ts): MikroORM tells it of every commit. */
export const afterCommitSubscriber: EventSubscriber = {
  afterTransactionCommit({ transaction }) {
    const callbacks = transaction ? waiting.get(transaction) : undefined;
    if (!callbacks) return;
    waiting.delete(transaction);
    for (const callback of callbacks) {
      // The transaction has committed: a failing announcement must not make it look failed.
      try {
        callback();
      } catch (error) {
        logger.error({ err: error }, 'A callback after a commit failed');
      }
    }
  },
};
