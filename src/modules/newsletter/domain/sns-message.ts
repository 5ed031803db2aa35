import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Amazon SNS messages (what SES bounce and complaint notifications arrive in) and their signature,
 * as AWS documents it ("Verifying the signatures of Amazon SNS messages"): the canonical string is
 * `Key\nValue\n` for a fixed list of the message's fields in byte order, signed with SHA1withRSA
 * (SignatureVersion 1) or SHA256withRSA (2) by the key of the certificate at SigningCertURL.
 */
export interface SnsMessage {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const TYPES = new Set(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']);
const REQUIRED = [
  'Type',
  'MessageId',
  'TopicArn',
  'Message',
  'Timestamp',
  'SignatureVersion',
  'Signature',
  'SigningCertURL',
] as const;

/** The body as an SNS message, or why it is not one. */
export function parseSnsMessage(raw: Buffer): SnsMessage | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { error: 'The body is not JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: 'The body is not an SNS message' };
  }
  const fields = body as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (typeof fields[key] !== 'string' || fields[key] === '') {
      return { error: `${key} is missing` };
    }
  }
  for (const key of ['Subject', 'Token', 'SubscribeURL'] as const) {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string') {
      return { error: `${key} must be a string` };
    }
  }
  if (!TYPES.has(fields.Type as string)) return { error: `Type ${String(fields.Type)} is unknown` };
  if (fields.SignatureVersion !== '1' && fields.SignatureVersion !== '2') {
    return { error: 'SignatureVersion must be 1 or 2' };
  }
  if (fields.Type !== 'Notification' && (!fields.Token || !fields.SubscribeURL)) {
    return { error: 'Token and SubscribeURL are missing' };
  }
  return fields as unknown as SnsMessage;
}

/** The string SNS signs: each field of the type's list that the message has, as `Key\nValue\n`. */
export function snsCanonicalString(message: SnsMessage): string {
  const keys =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : ([
          'Message',
          'MessageId',
          'SubscribeURL',
          'Timestamp',
          'Token',
          'TopicArn',
          'Type',
        ] as const);
  let canonical = '';
  for (const key of keys) {
    const value = message[key];
    if (value === undefined || value === null) continue;
    canonical += `${key}\n${value}\n`;
  }
  return canonical;
}

/** Whether the message's Signature is the signature of its canonical string by the certificate's key. */
export function snsSignatureValid(message: SnsMessage, certificate: KeyObject | string): boolean {
  const key = typeof certificate === 'string' ? createPublicKey(certificate) : certificate;
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256';
  try {
    return verify(
      algorithm,
      Buffer.from(snsCanonicalString(message), 'utf8'),
      key,
      Buffer.from(message.Signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** AWS's SNS endpoints: `sns.<region>.amazonaws.com` (and `.com.cn` in China). */
const AWS_SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * Whether a URL of an SNS message (SigningCertURL, SubscribeURL) may be fetched: https to AWS's SNS
 * hosts on the default port, no credentials, or one of the configured prefixes (a test's server).
 * Checked before any fetch: a forged message cannot make the server call anywhere else.
 */
export function isTrustedSnsUrl(
  value: string,
  kind: 'certificate' | 'subscribe',
  extraPrefixes: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (kind === 'certificate' && !url.pathname.endsWith('.pem')) return false;
  if (extraPrefixes.some((prefix) => url.href.startsWith(prefix))) return true;
  return url.protocol === 'https:' && url.port === '' && AWS_SNS_HOST.test(url.hostname);
}
