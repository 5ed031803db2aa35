import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MESSAGE_TEXTS } from '../../../contracts/messages.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { clientNetwork } from '../../../platform/http/client-network.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';
import { senderMailbox } from './sender-mailbox.js';

/**
 * Limits contact messages (429 with Retry-After over either limit), so the form cannot be used to flood
 * the agency's inbox:
 * - per client network (an IPv4 address, an IPv6 /64), whatever the sender: one client spamming
 *   under many addresses is stopped;
 * - per sender mailbox (case and `+tag` ignored) from one client network. Counted per network, not
 *   across them, because anyone can type anyone's address: three posts as someone from one network
 *   must not keep that person from writing from their own.
 */
@Injectable()
export class ContactThrottle {
  private readonly byNetwork: RateLimiterAbstract;
  private readonly bySenderAndNetwork: RateLimiterAbstract;

  constructor(
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const window = config.CONTACT_THROTTLE_WINDOW_SECONDS;
    this.byNetwork = limits.limiter('contact-ip', config.CONTACT_MAX_PER_IP, window);
    this.bySenderAndNetwork = limits.limiter(
      'contact-sender-ip',
      config.CONTACT_MAX_PER_SENDER,
      window,
    );
  }

  async consume(senderEmail: string, ip: string): Promise<void> {
    const network = clientNetwork(ip);
    await this.limits.consumeOrThrow(this.byNetwork, network, MESSAGE_TEXTS.tooMany);
    await this.limits.consumeOrThrow(
      this.bySenderAndNetwork,
      `${senderMailbox(senderEmail)} ${network}`,
      MESSAGE_TEXTS.tooMany,
    );
  }
}
