/**
 * The deliverables' surroundings: its live events, its configuration and its schedule.
 *
 * What the admin live feed says of the deliverables' events: a change request is announced (one short
 * line with the customer's words); an approval is announced by the order's own Delivered event.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { liveEventSchema } from '../../src/contracts/live-events.js';
import {
  DeliveryApproved,
  DeliveryChangesRequested,
  WorkDelivered,
} from '../../src/modules/deliverables/domain/deliverables.events.js';
import { AutoApproveDeliveriesProcessor } from '../../src/modules/deliverables/commands/auto-approve-deliveries/auto-approve-deliveries.processor.js';
import { type AppConfig, ConfigError, parseConfig } from '../../src/platform/config/app-config.js';
import { toLiveEvent } from '../../src/modules/notifications/live-feed/live-events.js';

const delivery = {
  orderId: 'order-1',
  packageName: 'Premium',
  packagePrice: '499.00',
  customerEmail: 'jane@example.test',
  customerName: 'Jane Doe',
  orderDate: '2026-11-23T10:00:00.000Z',
  deliveryId: 'delivery-1',
  round: 1,
};

describe('the live feed and deliverables', () => {
  it('announces a change request in one short line, about the order', () => {
    const event = new DeliveryChangesRequested({
      ...delivery,
      message: `Please add\nthe competitors ${'x'.repeat(200)}`,
    });
    const live = liveEventSchema.parse(toLiveEvent(event));
    expect(live).toMatchObject({ type: 'delivery.changes_requested', subjectId: 'order-1' });
    expect(live.text).toMatch(
      /^Changes requested \(Please add the competitors x+…\): Premium from Jane Doe \(\$499\.00\)$/,
    );
  });

  it('says nothing of deliveries and approvals (the e-mails, and order.delivered, do)', () => {
    expect(
      toLiveEvent(new WorkDelivered({ ...delivery, note: null, filenames: ['a.pdf'] })),
    ).toBeUndefined();
    expect(toLiveEvent(new DeliveryApproved({ ...delivery, by: 'customer' }))).toBeUndefined();
  });
});

describe('DELIVERY_AUTO_APPROVE_DAYS', () => {
  it('is 7 days unless set, a whole number of days from 1 to 365 otherwise', () => {
    expect(parseConfig({}).DELIVERY_AUTO_APPROVE_DAYS).toBe(7);
    expect(parseConfig({ DELIVERY_AUTO_APPROVE_DAYS: '14' }).DELIVERY_AUTO_APPROVE_DAYS).toBe(14);
    for (const value of ['0', '-1', '2.5', 'week', '366']) {
      const parse = () => parseConfig({ DELIVERY_AUTO_APPROVE_DAYS: value });
      expect(parse).toThrow(ConfigError);
      expect(parse).toThrow(/^Invalid configuration: DELIVERY_AUTO_APPROVE_DAYS [^\n]*$/);
    }
  });

  it('the auto-approval runs hourly in the worker, counting those days', () => {
    const processor = new AutoApproveDeliveriesProcessor({} as never, parseConfig({}) as AppConfig);
    expect(processor.schedule).toStrictEqual({ id: 'auto-approve-deliveries', everyMs: 3_600_000 });
  });
});
