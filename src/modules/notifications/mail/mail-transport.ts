import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';

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
}

/**
 * RFC 8058 headers, each on one line: nodemailer would fold a long URL over several lines, which some
 * mail clients then fail to read ('prepared' values are written as they are).
 */
function listHeaders(unsubscribeUrl: string | undefined) {
  if (!unsubscribeUrl) return undefined;
  return {
    'List-Unsubscribe': { prepared: true, value: `<${unsubscribeUrl}>` },
    'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One pooled SMTP transport from SMTP_URL. Without SMTP_URL each message is written as an .eml file under
 * DATA_DIR/mail, so a zero-config start still shows what would have been sent.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private readonly transporter: Transporter;
  private readonly outbox: string | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.SMTP_URL) {
      const options: SMTPTransport.Options = {
        url: config.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      };
      this.transporter = nodemailer.createTransport({
        ...options,
        pool: true,
        maxConnections: config.SMTP_POOL_SIZE,
      });
    } else {
      this.outbox = path.resolve(config.DATA_DIR, 'mail');
      this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.config.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: listHeaders(mail.unsubscribeUrl),
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

  onModuleDestroy(): void {
    this.transporter.close();
  }
}

function safeName(messageId: string): string {
  return messageId.replace(/[^\w.-]+/g, '_').slice(0, 80);
}
