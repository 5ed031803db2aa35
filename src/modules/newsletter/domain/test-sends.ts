import { ConflictException, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { BOUNCE_TEXTS } from '../../../contracts/newsletter-bounces.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';
import { GetMailFlagsQuery } from '../queries/get-mail-flags/get-mail-flags.query.js';

const HOUR = 3600;
/** Test sends an admin may ask for, of each kind, per hour. */
const TESTS_PER_HOUR = 20;

export type TestSendKind = 'campaign-test' | 'welcome-test';

/**
 * What every test send of a newsletter e-mail (a campaign's, the welcome's) passes before it is
 * written: it goes to the signed-in admin's own address, which must not be bounced or complained (a
 * newsletter never goes to such an address, the admin's included: 409 with the reason), at most 20 an
 * hour per admin and kind (429).
 */
@Injectable()
export class TestSends {
  private readonly perAdmin: Record<TestSendKind, RateLimiterAbstract>;

  constructor(
    private readonly limits: RateLimits,
    private readonly queryBus: QueryBus,
  ) {
    this.perAdmin = {
      'campaign-test': limits.limiter('campaign-test', TESTS_PER_HOUR, HOUR),
      'welcome-test': limits.limiter('welcome-test', TESTS_PER_HOUR, HOUR),
    };
  }

  async admit(kind: TestSendKind, adminEmail: string, tooMany: string): Promise<void> {
    const [flag] = (await this.queryBus.execute(new GetMailFlagsQuery([adminEmail]))).values();
    if (flag) throw new ConflictException(BOUNCE_TEXTS.testAddressBlocked(flag));
    await this.limits.consumeOrThrow(this.perAdmin[kind], adminEmail, tooMany);
  }
}
