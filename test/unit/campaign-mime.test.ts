/**
 * A campaign's copies written from its MIME template (built once) read the same as the e-mail nodemailer
 * builds for each recipient: headers, unsubscribe links, HTML and text parts, also where
 * quoted-printable wraps a line inside the token.
 */
import { describe, expect, test } from '@jest/globals';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  CampaignMime,
  TOKEN_PLACEHOLDER,
} from '../../src/modules/notifications/mail/campaign-mime.js';

const FROM = 'SEO Agency <hello@seo-agency.test>';
const URL_OF = (token: string) => `https://seo.example/newsletter/unsubscribe?token=${token}`;

function campaign(token: string, filler: string) {
  const url = URL_OF(token);
  return {
    subject: 'Ten tips — über SEO',
    html: `<p>${filler}</p><p><a href="${url}">Unsubscribe</a> ${filler.slice(0, 37)} ${url}</p>`,
    text: `${filler}\n\nUnsubscribe: ${url}\n`,
    headers: {
      'List-Id': {
        prepared: true as const,
        value: 'SEO Agency newsletter <newsletter.seo.example>',
      },
      'List-Unsubscribe': { prepared: true as const, value: `<${url}>` },
      'List-Unsubscribe-Post': { prepared: true as const, value: 'List-Unsubscribe=One-Click' },
    },
  };
}

async function built(token: string, filler: string, to: string, messageId: string) {
  const node = new MailComposer({
    from: FROM,
    to,
    messageId,
    ...campaign(token, filler),
  }).compile();
  return new Promise<Buffer>((resolve, reject) =>
    node.build((error, message) => (error ? reject(error) : resolve(message))),
  );
}

describe('a campaign copy from its MIME template', () => {
  // Fillers of many lengths move the token across quoted-printable's line ends.
  const fillers = Array.from({ length: 40 }, (_, n) =>
    `Déjà vu ${'x'.repeat(n)} `.repeat((n % 7) + 1),
  );

  test.each(fillers.map((filler, n): [number, string] => [n, filler]))(
    'filler %i reads as nodemailer would build it',
    async (_n, filler) => {
      const mime = await CampaignMime.compile({
        from: FROM,
        ...campaign(TOKEN_PLACEHOLDER, filler),
      });
      expect(mime).not.toBeNull();
      const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'.repeat(2);
      const copy = {
        to: 'reader@example.test',
        messageId: '<c.1@seo-agency.mail>',
        unsubscribeToken: token,
      };
      expect(mime!.fits(copy)).toBe(true);
      const fast = await simpleParser(mime!.copy(copy));
      const slow = await simpleParser(await built(token, filler, copy.to, copy.messageId));
      expect(fast.html).toBe(slow.html);
      expect(fast.text).toBe(slow.text);
      expect(fast.subject).toBe(slow.subject);
      expect(fast.messageId).toBe(slow.messageId);
      expect(fast.to).toStrictEqual(slow.to);
      expect(fast.from).toStrictEqual(slow.from);
      for (const name of ['list-id', 'list-unsubscribe', 'list-unsubscribe-post']) {
        expect(fast.headerLines.find((line) => line.key === name)?.line).toBe(
          slow.headerLines.find((line) => line.key === name)?.line,
        );
      }
      expect(fast.html).toContain(URL_OF(token));
      expect(fast.html).not.toContain(TOKEN_PLACEHOLDER);
    },
  );

  test('an address that would need encoding, or an odd token, is built by nodemailer instead', async () => {
    const mime = await CampaignMime.compile({ from: FROM, ...campaign(TOKEN_PLACEHOLDER, 'x') });
    const token = 'f'.repeat(64);
    expect(
      mime!.fits({ to: 'jörg@example.test', messageId: '<m@x>', unsubscribeToken: token }),
    ).toBe(false);
    expect(
      mime!.fits({ to: 'a@example.test', messageId: '<m@x>', unsubscribeToken: 'short' }),
    ).toBe(false);
  });

  test('a copy as SMTP data is the copy with the dot doubled at the start of every line', async () => {
    const filler = 'Three dots follow.\n...and a line that starts with them\n.';
    const mime = await CampaignMime.compile({
      from: FROM,
      ...campaign(TOKEN_PLACEHOLDER, filler),
      text: `.${filler}\n\nUnsubscribe: ${URL_OF(TOKEN_PLACEHOLDER)}\n`,
    });
    const copy = { to: 'a@example.test', messageId: '<m@x>', unsubscribeToken: 'e'.repeat(64) };
    const date = new Date('2026-11-27T10:00:00Z');
    const message = mime!.copy(copy, date).toString('latin1');
    const data = mime!
      .data(copy, date)
      .map((piece) => (typeof piece === 'string' ? piece : piece.toString('latin1')))
      .join('');
    expect(message).toMatch(/\n\.\.\.and a line/);
    expect(data).toContain('\n....and a line');
    expect(data.endsWith('\r\n')).toBe(true);
    const unstuffed = data.replaceAll('\n..', '\n.');
    expect(unstuffed.startsWith(message)).toBe(true);
    expect(unstuffed.slice(message.length)).toMatch(/^(\r\n)?$/);
  });
});
