import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetContentSnapshotQuery, GetContentVersionQuery } from '../../content/index.js';
import type { NewsletterSender } from '../templates/email-templates.js';

/**
 * Who sends the newsletter, as its e-mails say at their foot: the postal address of the SEO settings
 * (the law requires one, CAN-SPAM), else the footer's Location. Read from the cached content snapshot
 * at the content's current version when a newsletter e-mail is rendered (a worker hears of no content
 * change), so a change applies to the next one.
 */
@Injectable()
export class NewsletterSenderDetails {
  constructor(private readonly queryBus: QueryBus) {}

  async read(): Promise<NewsletterSender> {
    const version = await this.queryBus.execute(new GetContentVersionQuery());
    const { content } = await this.queryBus.execute(new GetContentSnapshotQuery(version));
    const filled = (value: string | undefined) => value?.trim() || undefined;
    const postalAddress =
      filled(content.sections.seo?.[0]?.postalAddress) ??
      filled(content.sections.footerAddress?.[0]?.location);
    return { postalAddress };
  }
}
