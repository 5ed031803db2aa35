import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { type BounceNotice, campaignOfMessageId } from '../../domain/bounce-notices.js';
import { ReceiveBounceCommand } from './receive-bounce.command.js';

/** A notice without a Message-ID counts for the latest campaign sent to its address this recently. */
const CAMPAIGN_MATCH_DAYS = 30;

/**
 * Records bounce and complaint notices (already authenticated by their route), each once per
 * (provider, notice id): one received again changes nothing. A hard bounce or a complaint blocks the
 * address at once (`bounced` / `complained`, with the reason and the time), soft bounces once
 * NEWSLETTER_SOFT_BOUNCE_LIMIT of them fell within NEWSLETTER_SOFT_BOUNCE_WINDOW_MS. A blocked
 * address is sent no newsletter e-mail again. Each notice counts for the campaign of its Message-ID,
 * else for the latest campaign sent to the address within 30 days.
 */
@CommandHandler(ReceiveBounceCommand)
export class ReceiveBounceHandler implements ICommandHandler<ReceiveBounceCommand> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ provider, notices }: ReceiveBounceCommand) {
    let recorded = 0;
    await this.em.fork().transactional(async (tx) => {
      for (const notice of notices) {
        if (!(await this.record(tx, provider, notice))) continue;
        recorded += 1;
        await this.apply(tx, notice);
      }
    });
    return { recorded, replayed: notices.length - recorded };
  }

  /** Stores the notice with its campaign; false when it was stored before. */
  private async record(tx: EntityManager, provider: string, notice: BounceNotice) {
    const byMessageId = campaignOfMessageId(notice.messageId)?.campaignId ?? null;
    const rows = await tx.execute<{ provider: string }[]>(
      `insert into bounce_notice (provider, notice_id, kind, email, reason, occurred_at, campaign_id)
       values (?, ?, ?, ?, ?, ?, coalesce(
         (select id from newsletter_campaign where id = ?::uuid),
         (select r.campaign_id
            from subscriber s
            join campaign_recipient r on r.subscriber_id = s.id and r.status = 'sent'
            join newsletter_campaign c on c.id = r.campaign_id
                 and c.started_at > ?::timestamptz - interval '${CAMPAIGN_MATCH_DAYS} days'
           where s.email = ? and r.sent_at <= ?::timestamptz + interval '1 hour'
           order by r.sent_at desc limit 1)))
       on conflict do nothing
       returning provider`,
      [
        provider,
        notice.noticeId,
        notice.kind,
        notice.email,
        notice.reason,
        notice.occurredAt,
        byMessageId,
        notice.occurredAt,
        notice.email,
        notice.occurredAt,
      ],
    );
    return rows.length > 0;
  }

  /** Blocks the address when the notice (with the soft bounces before it) calls for it. */
  private async apply(tx: EntityManager, notice: BounceNotice) {
    if (notice.kind !== 'soft') {
      await tx.execute(
        `update subscriber set status = ?, blocked_reason = ?, blocked_at = now()
          where email = ? and status not in ('bounced', 'complained')`,
        [notice.kind === 'hard' ? 'bounced' : 'complained', notice.reason, notice.email],
      );
      return;
    }
    const limit = this.config.NEWSLETTER_SOFT_BOUNCE_LIMIT;
    const windowMs = this.config.NEWSLETTER_SOFT_BOUNCE_WINDOW_MS;
    await tx.execute(
      `update subscriber set status = 'bounced', blocked_at = now(),
              blocked_reason = ? || ' soft bounces within ' || ? || ' days; the latest: ' || ?
        where email = ? and status not in ('bounced', 'complained')
          and (select count(*) from bounce_notice
                where email = ? and kind = 'soft'
                  and occurred_at > now() - ? * interval '1 millisecond') >= ?`,
      [
        String(limit),
        String(Math.round((windowMs / 86_400_000) * 10) / 10),
        notice.reason,
        notice.email,
        notice.email,
        windowMs,
        limit,
      ],
    );
  }
}
