import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, sign } from 'node:crypto';
import {
  campaignOfMessageId,
  postmarkNotices,
  sesNotices,
} from '../../src/modules/newsletter/domain/bounce-notices.js';
import {
  isTrustedSnsUrl,
  parseSnsMessage,
  snsCanonicalString,
  snsSignatureValid,
  type SnsMessage,
} from '../../src/modules/newsletter/domain/sns-message.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** AWS's example notification (SNS developer guide), unsigned. */
const NOTIFICATION = {
  Type: 'Notification',
  MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
  TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
  Subject: 'My First Message',
  Message: 'Hello world!',
  Timestamp: '2012-05-02T00:54:06.655Z',
  SignatureVersion: '1',
  Signature: '',
  SigningCertURL:
    'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem',
  UnsubscribeURL:
    'https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=arn:aws:sns:us-west-2:123456789012:MyTopic:c9135db0',
} as const;

function signed(fields: Record<string, string>, key = privateKey): SnsMessage {
  const message = fields as unknown as SnsMessage;
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256';
  const signature = sign(algorithm, Buffer.from(snsCanonicalString(message)), key);
  return { ...message, Signature: signature.toString('base64') };
}

describe('SNS canonical string', () => {
  it('lists a notification’s fields in byte order as Key\\nValue\\n, Subject included when present', () => {
    expect(snsCanonicalString(NOTIFICATION as unknown as SnsMessage)).toBe(
      'Message\nHello world!\n' +
        'MessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\n' +
        'Subject\nMy First Message\n' +
        'Timestamp\n2012-05-02T00:54:06.655Z\n' +
        'TopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\n' +
        'Type\nNotification\n',
    );
    const withoutSubject = { ...NOTIFICATION, Subject: undefined };
    expect(snsCanonicalString(withoutSubject as unknown as SnsMessage)).not.toContain('Subject');
  });

  it('signs a subscription confirmation’s SubscribeURL and Token too, not its UnsubscribeURL', () => {
    const canonical = snsCanonicalString({
      ...NOTIFICATION,
      Type: 'SubscriptionConfirmation',
      Token: 'tok',
      SubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&Token=tok',
    } as unknown as SnsMessage);
    expect(canonical).toBe(
      'Message\nHello world!\n' +
        'MessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\n' +
        'SubscribeURL\nhttps://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&Token=tok\n' +
        'Timestamp\n2012-05-02T00:54:06.655Z\n' +
        'Token\ntok\n' +
        'TopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\n' +
        'Type\nSubscriptionConfirmation\n',
    );
  });
});

describe('SNS signature', () => {
  for (const version of ['1', '2']) {
    it(`accepts SignatureVersion ${version} by the certificate's key and refuses any change`, () => {
      const message = signed({ ...NOTIFICATION, SignatureVersion: version });
      expect(snsSignatureValid(message, publicKey)).toBe(true);
      expect(snsSignatureValid({ ...message, Message: 'Hello world?' }, publicKey)).toBe(false);
      expect(snsSignatureValid({ ...message, TopicArn: `${message.TopicArn}2` }, publicKey)).toBe(
        false,
      );
      expect(snsSignatureValid(message, other.publicKey)).toBe(false);
      expect(snsSignatureValid({ ...message, Signature: 'bm90IGEgc2lnbmF0dXJl' }, publicKey)).toBe(
        false,
      );
    });
  }

  it('does not take a version 1 signature as version 2', () => {
    const message = signed({ ...NOTIFICATION, SignatureVersion: '1' });
    expect(snsSignatureValid({ ...message, SignatureVersion: '2' }, publicKey)).toBe(false);
  });
});

describe('SNS messages', () => {
  it('parses a signed notification and says what is missing from others', () => {
    const message = signed({ ...NOTIFICATION });
    expect(parseSnsMessage(Buffer.from(JSON.stringify(message)))).toMatchObject({
      Type: 'Notification',
    });
    expect(parseSnsMessage(Buffer.from('nope'))).toStrictEqual({ error: 'The body is not JSON' });
    expect(
      parseSnsMessage(Buffer.from(JSON.stringify({ ...message, Signature: undefined }))),
    ).toStrictEqual({ error: 'Signature is missing' });
    expect(
      parseSnsMessage(Buffer.from(JSON.stringify({ ...message, SignatureVersion: '3' }))),
    ).toStrictEqual({ error: 'SignatureVersion must be 1 or 2' });
    expect(
      parseSnsMessage(
        Buffer.from(JSON.stringify({ ...message, Type: 'SubscriptionConfirmation' })),
      ),
    ).toStrictEqual({ error: 'Token and SubscribeURL are missing' });
  });

  it('fetches certificates and subscription URLs only from AWS’s SNS hosts, or a configured prefix', () => {
    const trusted = (url: string, prefixes: string[] = []) =>
      isTrustedSnsUrl(url, 'certificate', prefixes);
    expect(trusted(NOTIFICATION.SigningCertURL)).toBe(true);
    expect(trusted('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-x.pem')).toBe(
      true,
    );
    for (const url of [
      'http://sns.us-west-2.amazonaws.com/cert.pem',
      'https://sns.us-west-2.amazonaws.com.evil.test/cert.pem',
      'https://evil.test/sns.us-west-2.amazonaws.com/cert.pem',
      'https://sns.us-west-2.amazonaws.com:8443/cert.pem',
      'https://user@sns.us-west-2.amazonaws.com/cert.pem',
      'https://sns.us-west-2.amazonaws.com/cert.txt',
      'https://s3.amazonaws.com/cert.pem',
      'file:///etc/passwd.pem',
      'not a url',
    ]) {
      expect([url, trusted(url)]).toStrictEqual([url, false]);
    }
    expect(trusted('http://127.0.0.1:4000/certs/test.pem', ['http://127.0.0.1:4000/certs/'])).toBe(
      true,
    );
    expect(trusted('http://127.0.0.1:4000/other/test.pem', ['http://127.0.0.1:4000/certs/'])).toBe(
      false,
    );
    expect(
      isTrustedSnsUrl(
        'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=t',
        'subscribe',
      ),
    ).toBe(true);
  });
});

describe('provider payloads', () => {
  it('reads an SES Permanent bounce as hard, Transient as soft, a complaint as complaint', () => {
    const bounce = (bounceType: string) =>
      JSON.stringify({
        notificationType: 'Bounce',
        bounce: {
          bounceType,
          bounceSubType: 'General',
          bouncedRecipients: [
            {
              emailAddress: 'Jane@Example.com',
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp: '2016-01-27T14:59:38.237Z',
          feedbackId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000',
        },
        mail: {
          timestamp: '2016-01-27T14:59:38.237Z',
          messageId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa0680-000000',
          source: 'john@example.com',
          destination: ['jane@example.com'],
          commonHeaders: { messageId: '<campaign-x@seo-agency.mail>' },
        },
      });
    expect(sesNotices('sns-1', bounce('Permanent'))).toStrictEqual({
      notices: [
        {
          noticeId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000:jane@example.com',
          kind: 'hard',
          email: 'jane@example.com',
          reason: 'SES Permanent bounce (General): smtp; 550 5.1.1 user unknown',
          occurredAt: new Date('2016-01-27T14:59:38.237Z'),
          messageId: '<campaign-x@seo-agency.mail>',
        },
      ],
    });
    expect(sesNotices('sns-1', bounce('Transient'))).toMatchObject({
      notices: [{ kind: 'soft' }],
    });
    const complaint = JSON.stringify({
      notificationType: 'Complaint',
      complaint: {
        complainedRecipients: [{ emailAddress: 'richard@example.com' }],
        timestamp: '2016-01-27T14:59:38.237Z',
        feedbackId: '0000013786031775-fea503bc-7497-49e1-881b-a0379bb037d3-000000',
        complaintFeedbackType: 'abuse',
      },
      mail: { messageId: 'x' },
    });
    expect(sesNotices('sns-2', complaint)).toMatchObject({
      notices: [
        { kind: 'complaint', email: 'richard@example.com', reason: 'SES complaint (abuse)' },
      ],
    });
    expect(sesNotices('sns-3', JSON.stringify({ notificationType: 'Delivery' }))).toStrictEqual({
      notices: [],
    });
    expect(sesNotices('sns-4', 'Hello')).toMatchObject({ error: expect.any(String) });
  });

  it('reads a Postmark bounce with its 64-bit ID as written', () => {
    const body = Buffer.from(
      '{"RecordType":"Bounce","ID":4323372036854775807,"Type":"HardBounce","TypeCode":1,' +
        '"Name":"Hard bounce","MessageID":"883953f4-6105-42a2-a16a-77a8eac79483",' +
        '"Description":"The server was unable to deliver your message (ex: unknown user, mailbox not found).",' +
        '"Details":"Test bounce details","Email":"john@example.com","From":"sender@example.com",' +
        '"BouncedAt":"2019-11-05T16:33:54.9070259Z","Inactive":true,"CanActivate":true}',
    );
    expect(postmarkNotices(body)).toMatchObject({
      notices: [{ noticeId: '4323372036854775807', kind: 'hard', email: 'john@example.com' }],
    });
  });

  it('finds the campaign and subscriber of a campaign e-mail’s Message-ID', () => {
    const campaignId = '0b7c3f4e-8d2a-4c1b-9e5f-6a7b8c9d0e1f';
    const subscriberId = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
    expect(
      campaignOfMessageId(`<campaign-${campaignId}.${subscriberId}@seo-agency.mail>`),
    ).toStrictEqual({
      campaignId,
      subscriberId,
    });
    expect(campaignOfMessageId('<abc@example.com>')).toBe(undefined);
  });
});
