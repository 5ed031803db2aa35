import type { BounceKind } from '../../../contracts/newsletter-bounces.js';
import { genericBounceSchema } from '../../../contracts/newsletter-bounces.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { normalizeSubscriberEmail } from './subscriber-email.js';

/**
 * A provider's report that mail to one address bounced (hard: for good, soft: for now) or that its
 * owner marked it as spam, in one shape whatever the provider. `noticeId` is unique per provider and
 * address: the same notice received again is recognised and ignored.
 */
export interface BounceNotice {
  noticeId: string;
  kind: BounceKind;
  email: string;
  reason: string;
  occurredAt: Date;
  /** The Message-ID of the e-mail that bounced, when the notice carries it. */
  messageId?: string;
}

/** What a provider's body says: notices to record, nothing of interest (a delivery), or why it is bad. */
export type ParsedNotices = { notices: BounceNotice[] } | { error: string };

const MAX_REASON = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const reasonText = (text: string) => toStorableText(text).trim().slice(0, MAX_REASON) || 'Unknown';

/** A provider's time, or now when it has none or it lies ahead. */
function when(value: unknown): Date {
  const now = new Date();
  const at = typeof value === 'string' ? new Date(value) : undefined;
  return at && !Number.isNaN(at.getTime()) && at <= now ? at : now;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function address(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  // "Name <a@b>" or a bare address.
  const email = normalizeSubscriberEmail(/<([^>]+)>\s*$/.exec(text)?.[1] ?? text);
  return EMAIL.test(email) && email.length <= 254 ? email : undefined;
}

/**
 * The SES notification inside an SNS message's `Message` (AWS's "Amazon SES notification contents":
 * `notificationType` Bounce or Complaint; event publishing's `eventType` alike). A Permanent bounce is
 * hard, Transient and Undetermined soft; Delivery and other types carry no notice.
 */
export function sesNotices(snsMessageId: string, message: string): ParsedNotices {
  let body: unknown;
  try {
    body = JSON.parse(message);
  } catch {
    return { error: 'The SNS Message is not an SES notification (not JSON)' };
  }
  if (!isObject(body)) return { error: 'The SNS Message is not an SES notification' };
  const type = str(body.notificationType) ?? str(body.eventType);
  const mail = isObject(body.mail) ? body.mail : {};
  const messageId = sesMessageId(mail);
  if (type === 'Bounce') {
    const bounce = body.bounce;
    if (!isObject(bounce) || !Array.isArray(bounce.bouncedRecipients)) {
      return { error: 'bounce.bouncedRecipients is missing' };
    }
    const bounceType = str(bounce.bounceType) ?? 'Undetermined';
    const kind: BounceKind = bounceType === 'Permanent' ? 'hard' : 'soft';
    const id = str(bounce.feedbackId) ?? snsMessageId;
    const notices: BounceNotice[] = [];
    for (const recipient of bounce.bouncedRecipients) {
      const email = isObject(recipient) ? address(recipient.emailAddress) : undefined;
      if (!email || !isObject(recipient)) continue;
      const detail = str(recipient.diagnosticCode) ?? str(recipient.status) ?? '';
      notices.push({
        noticeId: `${id}:${email}`,
        kind,
        email,
        reason: reasonText(
          `SES ${bounceType} bounce (${str(bounce.bounceSubType) ?? 'General'})${detail ? `: ${detail}` : ''}`,
        ),
        occurredAt: when(bounce.timestamp),
        ...(messageId ? { messageId } : {}),
      });
    }
    return notices.length ? { notices } : { error: 'bounce.bouncedRecipients names no address' };
  }
  if (type === 'Complaint') {
    const complaint = body.complaint;
    if (!isObject(complaint) || !Array.isArray(complaint.complainedRecipients)) {
      return { error: 'complaint.complainedRecipients is missing' };
    }
    const id = str(complaint.feedbackId) ?? snsMessageId;
    const feedback = str(complaint.complaintFeedbackType);
    const notices: BounceNotice[] = [];
    for (const recipient of complaint.complainedRecipients) {
      const email = isObject(recipient) ? address(recipient.emailAddress) : undefined;
      if (!email) continue;
      notices.push({
        noticeId: `${id}:${email}`,
        kind: 'complaint',
        email,
        reason: reasonText(`SES complaint${feedback ? ` (${feedback})` : ''}`),
        occurredAt: when(complaint.timestamp),
        ...(messageId ? { messageId } : {}),
      });
    }
    return notices.length
      ? { notices }
      : { error: 'complaint.complainedRecipients names no address' };
  }
  if (type) return { notices: [] };
  return { error: 'The SNS Message has no notificationType' };
}

/** The original Message-ID (SES keeps it in commonHeaders, and in headers when those are included). */
function sesMessageId(mail: Record<string, unknown>): string | undefined {
  const common = isObject(mail.commonHeaders) ? str(mail.commonHeaders.messageId) : undefined;
  if (common) return common;
  if (!Array.isArray(mail.headers)) return undefined;
  for (const header of mail.headers) {
    if (isObject(header) && str(header.name)?.toLowerCase() === 'message-id') {
      return str(header.value);
    }
  }
  return undefined;
}

/** Postmark's bounce types (its "Bounce webhook" and "Bounce types" pages) as our kinds. */
const POSTMARK_KINDS: Readonly<Record<string, BounceKind>> = {
  HardBounce: 'hard',
  BadEmailAddress: 'hard',
  SpamComplaint: 'complaint',
  SoftBounce: 'soft',
  Transient: 'soft',
  DnsError: 'soft',
  // AutoResponder, Unsubscribe, Subscribe, OpenRelayTest, Blocked, SMTPApiError, … : no notice.
};

/** JSON.parse's reviver: an `ID` number as its text (the reviver's context gives the source). */
function keepIdText(key: string, value: unknown, context?: { source?: string }): unknown {
  return key === 'ID' && typeof value === 'number' && context?.source ? context.source : value;
}

/**
 * A Postmark bounce or spam-complaint webhook (RecordType Bounce or SpamComplaint). Its `ID` is a
 * 64-bit integer, read from the JSON text as written (a JavaScript number would round it).
 */
export function postmarkNotices(raw: Buffer): ParsedNotices {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'), keepIdText as (key: string, value: unknown) => unknown);
  } catch {
    return { error: 'The body is not JSON' };
  }
  if (!isObject(body)) return { error: 'The body is not a Postmark webhook' };
  const recordType = str(body.RecordType);
  if (recordType !== 'Bounce' && recordType !== 'SpamComplaint') {
    return recordType ? { notices: [] } : { error: 'RecordType is missing' };
  }
  const id = typeof body.ID === 'number' ? String(body.ID) : str(body.ID);
  if (!id || !/^\d{1,30}$/.test(id)) return { error: 'ID must be a number' };
  const type = str(body.Type) ?? recordType;
  const email = address(body.Email);
  if (!email) return { error: 'Email must be an e-mail address' };
  const kind = POSTMARK_KINDS[type];
  if (!kind) return { notices: [] };
  const details = [str(body.Description), str(body.Details)].filter(Boolean).join(' ');
  return {
    notices: [
      {
        noticeId: id,
        kind,
        email,
        reason: reasonText(`Postmark ${type}${details ? `: ${details}` : ''}`),
        occurredAt: when(body.BouncedAt),
      },
    ],
  };
}

/** The generic format (GenericBounce in src/contracts/newsletter-bounces.ts). */
export function genericNotices(raw: Buffer): ParsedNotices {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { error: 'The body is not JSON' };
  }
  const parsed = genericBounceSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  const notice = parsed.data;
  const fallback = { hard: 'Hard bounce', soft: 'Soft bounce', complaint: 'Complaint' }[
    notice.type
  ];
  return {
    notices: [
      {
        noticeId: notice.id,
        kind: notice.type,
        email: normalizeSubscriberEmail(notice.email),
        reason: reasonText(notice.reason ?? fallback),
        occurredAt: when(notice.occurredAt),
        ...(notice.messageId ? { messageId: notice.messageId } : {}),
      },
    ],
  };
}

/** The campaign and subscriber of one of our campaign e-mails' Message-ID, when it is one. */
export function campaignOfMessageId(
  messageId: string | undefined,
): { campaignId: string; subscriberId: string } | undefined {
  const match =
    /<?campaign-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f-]{36})@/i.exec(
      messageId ?? '',
    );
  return match ? { campaignId: match[1]!, subscriberId: match[2]! } : undefined;
}
