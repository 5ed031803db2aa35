import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { localMailFromWarning } from '../../../platform/config/mail-from.js';
import { type DataPiece, SmtpPipelinePool } from './smtp-pipeline.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Lets the receiving side (and our tests) recognise a retried send of the same message. */
  messageId: string;
  /** A newsletter's one-click unsubscribe URL (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post. */
  unsubscribeUrl?: string;
  /** A newsletter e-mail (the confirmation, the welcome, a campaign): it carries the List-Id header. */
  newsletter?: boolean;
}

/** The newsletter's List-Id (RFC 2919), on PUBLIC_URL's host: `SEO Agency newsletter <newsletter.host>`. */
export function newsletterListId(publicUrl: string): string {
  return `SEO Agency newsletter <newsletter.${new URL(publicUrl).hostname}>`;
}

/**
 * The list headers, each on one line: nodemailer would fold a long URL over several lines, which some
 * mail clients then fail to read ('prepared' values are written as they are). RFC 8058 one-click
 * unsubscribe for a newsletter sent to a subscriber, RFC 2919 List-Id for every newsletter e-mail.
 */
export function listHeaders(mail: OutgoingMail, publicUrl: string) {
  const headers: Record<string, { prepared: true; value: string }> = {};
  if (mail.newsletter) headers['List-Id'] = { prepared: true, value: newsletterListId(publicUrl) };
  if (mail.unsubscribeUrl) {
    headers['List-Unsubscribe'] = { prepared: true, value: `<${mail.unsubscribeUrl}>` };
    headers['List-Unsubscribe-Post'] = { prepared: true, value: 'List-Unsubscribe=One-Click' };
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * One pooled SMTP transport from SMTP_URL. Without SMTP_URL each message is written as an .eml file under
 * DATA_DIR/mail, so a zero-config start still shows what would have been sent. nodemailer is read and
 * the transport made on the first message (a worker at rest, or sending a campaign over the pipelined
 * connections, holds neither).
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private transporter: Promise<Transporter> | undefined;
  private readonly outbox: string | undefined;
  /** The newsletter copies' own connections (see sendData), opened on the first copy. */
  private pipeline: SmtpPipelinePool | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const warning = localMailFromWarning(config);
    if (warning) this.logger.warn(warning);
    if (!config.SMTP_URL) this.outbox = path.resolve(config.DATA_DIR, 'mail');
  }

  private transport(): Promise<Transporter> {
    const { SMTP_URL: url, SMTP_POOL_SIZE: maxConnections } = this.config;
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      url
        ? nodemailer.createTransport({
            url,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
            pool: true,
            maxConnections,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true }),
    );
    return this.transporter;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await (
      await this.transport()
    ).sendMail({
      from: this.config.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: listHeaders(mail, this.config.PUBLIC_URL),
    });
    if (this.outbox) {
      await mkdir(this.outbox, { recursive: true });
      const file = path.join(this.outbox, `${Date.now()}-${safeName(mail.messageId)}.eml`);
      await writeFile(file, (info as { message: Buffer }).message);
      this.logger.log(
        { to: mail.to, subject: mail.subject, file },
        'Mail written to file (no SMTP_URL)',
      );
    } else {
      // A newsletter's thousands of copies are counted on its campaign, not logged one by one.
      const log = mail.unsubscribeUrl ? this.logger.debug : this.logger.log;
      log.call(this.logger, { to: mail.to, subject: mail.subject }, 'Mail sent');
    }
  }

  /**
   * A message already built (a campaign's copy, see CampaignMime) to one recipient: nodemailer sends
   * the bytes as they are, over the same pooled connections.
   */
  async sendRaw(
    raw: Buffer,
    envelope: { from: string; to: string },
    messageId: string,
  ): Promise<void> {
    const info = await (
      await this.transport()
    ).sendMail({
      envelope: { from: envelope.from, to: [envelope.to] },
      raw,
      // The copy's own (already in it): nodemailer then draws no random one per message.
      messageId,
    });
    if (this.outbox) {
      await mkdir(this.outbox, { recursive: true });
      const file = path.join(this.outbox, `${Date.now()}-${safeName(envelope.to)}.eml`);
      await writeFile(file, (info as { message: Buffer }).message);
    }
  }

  /** Whether messages go out over SMTP (SMTP_URL), which sendData needs. */
  get smtp(): boolean {
    return this.config.SMTP_URL !== undefined;
  }

  /**
   * A message as SMTP's DATA pieces (a campaign's copy, see CampaignMime.data) to one recipient, over
   * the pipelined connections of SmtpPipelinePool (SMTP_POOL_SIZE of them, besides the transport's).
   * Only with SMTP_URL (`smtp`): without it, a copy goes to sendRaw, which writes its .eml file.
   */
  async sendData(
    data: readonly DataPiece[],
    envelope: { from: string; to: string },
  ): Promise<void> {
    if (!this.config.SMTP_URL) throw new Error('sendData needs SMTP_URL');
    this.pipeline ??= new SmtpPipelinePool(this.config.SMTP_URL, this.config.SMTP_POOL_SIZE);
    await this.pipeline.send(envelope, data);
  }

  async onModuleDestroy(): Promise<void> {
    this.pipeline?.close();
    (await this.transporter?.catch(() => undefined))?.close();
  }
}

function safeName(messageId: string): string {
  return messageId.replace(/[^\w.-]+/g, '_').slice(0, 80);
}
