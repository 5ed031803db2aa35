import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Mailer } from '../../../platform/mail/mail.port.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { RecordLeadCommand } from '../../messages/index.js';
import { SubscribeCommand } from '../../newsletter/index.js';
import { SeoCheck } from '../domain/seo-check.entity.js';

/**
 * Once a check asked for by e-mail is finished: the report's link is e-mailed, the agency's inbox gets
 * a lead (the address, the page and its score; the event's id is the lead's, so a retry adds none),
 * and only when the visitor ticked the box is the address signed up for the newsletter: a pending
 * subscriber who is sent the confirmation link (an unsubscribed, bounced or complained address is left
 * alone); the sign-up is keyed by the event, so a retry sends no second link. A check still running (a cached one the visitor asked for again) is waited for: retried.
 */
@Injectable()
@HandlesDomainEvent('SeoCheckReportRequested')
export class DeliverSeoCheckReportHandler implements DomainEventHandler<'SeoCheckReportRequested'> {
  constructor(
    private readonly mail: Mailer,
    private readonly commandBus: CommandBus,
  ) {}

  async handle(event: DomainEventJob<'SeoCheckReportRequested'>, tx: EntityManager): Promise<void> {
    const { checkId, email, subscribe, ip } = event.payload;
    const check = await tx.findOne(SeoCheck, { id: checkId });
    if (!check) return;
    if (check.status === 'queued' || check.status === 'running') {
      throw new Error(`SEO check ${checkId} is not finished yet`);
    }
    const reportUrl = this.mail.link(`/seo-check/${check.id}`);
    const score = check.report?.score ?? null;
    const outcome = score === null ? `failed: ${check.error ?? 'no report'}` : `score ${score}/100`;
    await this.commandBus.execute(
      new RecordLeadCommand({
        id: event.id,
        name: 'SEO check',
        email,
        subject: `SEO check of ${check.url} (${outcome})`,
        message: [
          `A visitor checked ${check.url} with the free SEO check and asked for the report.`,
          `Result: ${outcome}`,
          `Report: ${reportUrl}`,
          `Newsletter: ${subscribe ? 'asked to subscribe (confirmation link sent)' : 'not asked'}`,
        ].join('\n'),
      }),
    );
    if (subscribe) {
      await this.commandBus.execute(new SubscribeCommand(email, ip, false, event.id));
    }
    this.mail.send(tx, {
      template: 'seoCheckReport',
      to: email,
      props: { score, reportUrl },
    });
  }
}
