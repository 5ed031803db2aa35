import { describe, expect, it } from '@jest/globals';
import {
  chargeTimelineText,
  monthlyInvoiceLine,
  subscriptionAdminNotice,
  subscriptionTimelineEntry,
  subscriptionTransition,
} from '../../src/modules/orders/domain/subscription-notices.js';

const change = {
  to: 'CANCELLED' as const,
  by: 'customer' as const,
  reason: null,
  endsAt: '2026-12-23T10:00:00.000Z',
  price: '499.00',
};

describe('a monthly order’s subscription, as the order reads it', () => {
  it('names the month on each charge’s invoice line and timeline entry', () => {
    expect(monthlyInvoiceLine('Premium', 2)).toBe('Premium — monthly plan, month 2');
    expect(chargeTimelineText(3, '499.00', 'INV-2026-000007')).toBe(
      'Paid month 3: $499.00 through PayPal (invoice INV-2026-000007)',
    );
  });

  it('tells each status change apart: who paused it decides paused or suspended', () => {
    expect(subscriptionTransition('APPROVAL_PENDING', 'ACTIVE', 'paypal')).toBe('activated');
    expect(subscriptionTransition('ACTIVE', 'SUSPENDED', 'paypal')).toBe('suspended');
    expect(subscriptionTransition('ACTIVE', 'SUSPENDED', 'admin')).toBe('paused');
    expect(subscriptionTransition('SUSPENDED', 'ACTIVE', 'admin')).toBe('resumed');
    expect(subscriptionTransition('ACTIVE', 'CANCELLED', 'customer')).toBe('cancelled');
    expect(subscriptionTransition('SUSPENDED', 'CANCELLED', 'paypal')).toBe('cancelled');
    expect(subscriptionTransition('CANCELLED', 'EXPIRED', 'paypal')).toBe('ended');
    // A status reported again is no change.
    expect(subscriptionTransition('ACTIVE', 'ACTIVE', 'paypal')).toBeNull();
  });

  it('puts who did it and until when the service runs on the timeline', () => {
    expect(subscriptionTimelineEntry('cancelled', change)).toStrictEqual({
      actor: 'customer',
      text: 'Monthly plan cancelled: the service continues until 12/23/2026',
    });
    expect(
      subscriptionTimelineEntry('cancelled', { ...change, by: 'paypal', endsAt: null }),
    ).toStrictEqual({ actor: 'system', text: 'Monthly plan cancelled by PayPal' });
    expect(
      subscriptionTimelineEntry('paused', { ...change, by: 'admin', reason: 'On hold' }),
    ).toStrictEqual({ actor: 'admin', text: 'Monthly plan paused (On hold)' });
    expect(subscriptionTimelineEntry('activated', { ...change, by: 'paypal' }).text).toBe(
      'Monthly plan active at PayPal ($499.00/month)',
    );
  });

  it('tells the admins of the customer’s cancel and of what PayPal did, not of their own changes', () => {
    const who = { customerName: 'Ada' };
    expect(subscriptionAdminNotice('cancelled', { ...change, ...who })).toStrictEqual({
      headline: 'Subscription cancelled',
      detail:
        'Ada cancelled the monthly plan ($499.00/month): nothing more is charged; the service continues until 12/23/2026.',
    });
    expect(
      subscriptionAdminNotice('suspended', { ...change, by: 'paypal', ...who })?.headline,
    ).toBe('Subscription suspended');
    expect(
      subscriptionAdminNotice('cancelled', { ...change, by: 'paypal', ...who })?.headline,
    ).toBe('Subscription cancelled');
    expect(subscriptionAdminNotice('cancelled', { ...change, by: 'admin', ...who })).toBeNull();
    expect(subscriptionAdminNotice('paused', { ...change, by: 'admin', ...who })).toBeNull();
    expect(subscriptionAdminNotice('resumed', { ...change, by: 'admin', ...who })).toBeNull();
  });
});
