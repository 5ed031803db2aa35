import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { isTrustedSnsUrl, snsSignatureValid, type SnsMessage } from './sns-message.js';

/** Certificates are small; anything bigger is not one. */
const MAX_CERTIFICATE_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5000;
/** Certificates kept (SNS rotates them rarely; one per region in use). */
const MAX_CACHED = 20;

export type SnsVerdict = { valid: true } | { valid: false; reason: string };

/**
 * Verifies SNS messages: the certificate is fetched from SigningCertURL only when the URL is AWS's
 * (or a configured prefix), once (cached by URL), and the signature checked with its key. Also
 * confirms a subscription by fetching its SubscribeURL, under the same host check. Never inside a
 * database transaction.
 */
@Injectable()
export class SnsVerifier {
  private readonly logger = new Logger(SnsVerifier.name);
  private readonly certificates = new Map<string, Promise<KeyObject>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async verify(message: SnsMessage): Promise<SnsVerdict> {
    const topics = this.config.NEWSLETTER_SNS_TOPIC_ARNS;
    if (topics.length > 0 && !topics.includes(message.TopicArn)) {
      return { valid: false, reason: `Topic ${message.TopicArn} is not one of ours` };
    }
    const url = message.SigningCertURL;
    if (!isTrustedSnsUrl(url, 'certificate', this.config.NEWSLETTER_SNS_CERT_URL_PREFIXES)) {
      return { valid: false, reason: 'SigningCertURL is not an Amazon SNS certificate' };
    }
    let key: KeyObject;
    try {
      key = await this.certificate(url);
    } catch (error) {
      this.logger.warn(`SNS certificate ${url} could not be read: ${String(error)}`);
      return { valid: false, reason: 'The signing certificate could not be read' };
    }
    return snsSignatureValid(message, key)
      ? { valid: true }
      : { valid: false, reason: 'The signature is not valid' };
  }

  /** Follows a (verified) SubscriptionConfirmation's SubscribeURL, which confirms it at AWS. */
  async confirmSubscription(message: SnsMessage): Promise<SnsVerdict> {
    const url = message.SubscribeURL ?? '';
    if (!isTrustedSnsUrl(url, 'subscribe', this.config.NEWSLETTER_SNS_CERT_URL_PREFIXES)) {
      return { valid: false, reason: 'SubscribeURL is not Amazon SNS' };
    }
    try {
      const response = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) return { valid: false, reason: `SubscribeURL answered ${response.status}` };
    } catch (error) {
      return { valid: false, reason: `SubscribeURL could not be reached: ${String(error)}` };
    }
    this.logger.log(`Confirmed the SNS subscription to ${message.TopicArn}`);
    return { valid: true };
  }

  private certificate(url: string): Promise<KeyObject> {
    const cached = this.certificates.get(url);
    if (cached) return cached;
    const loading = this.download(url);
    if (this.certificates.size >= MAX_CACHED) this.certificates.clear();
    this.certificates.set(url, loading);
    loading.catch(() => this.certificates.delete(url));
    return loading;
  }

  private async download(url: string): Promise<KeyObject> {
    const response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_CERTIFICATE_BYTES) throw new Error('too large');
    const pem = bytes.toString('utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not a PEM certificate');
    return createPublicKey(pem);
  }
}
