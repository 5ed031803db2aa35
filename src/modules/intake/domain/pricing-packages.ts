import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetContentSnapshotQuery, GetContentVersionQuery } from '../../content/index.js';

/** A pricing package as the questionnaire needs it. */
export interface PricingPackage {
  id: string;
  name: string;
  /** Its delivery time (the pricing entry's `deliveryDays`); null when it names none. */
  deliveryDays: number | null;
}

/** A pricing entry's `deliveryDays` (a whole number 1–365, stored as text), or null. */
export function deliveryDaysOf(value: unknown): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= 365 ? days : null;
}

/** The pricing packages as the content is now (read like PlaceOrderHandler reads the one ordered). */
@Injectable()
export class PricingPackages {
  constructor(private readonly queryBus: QueryBus) {}

  async all(): Promise<PricingPackage[]> {
    const version = await this.queryBus.execute(new GetContentVersionQuery());
    const { content } = await this.queryBus.execute(new GetContentSnapshotQuery(version));
    return (content.sections.pricing ?? []).map((entry) => ({
      id: entry._id,
      name: String(entry.packageName ?? ''),
      deliveryDays: deliveryDaysOf(entry.deliveryDays),
    }));
  }

  async find(id: string): Promise<PricingPackage | null> {
    return (await this.all()).find((candidate) => candidate.id === id) ?? null;
  }
}
