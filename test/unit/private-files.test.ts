/** Private files' names, their Content-Disposition and Content-Type, and their signed links. */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { checkFileLink, signFileLink } from '../../src/modules/files/domain/file-link-signer.js';
import {
  fileNameFits,
  MEDIA_TYPE,
  sanitizeFileName,
  servedContentType,
} from '../../src/modules/files/domain/file-name.js';
import { attachmentDisposition } from '../../src/platform/http/content-disposition.js';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\fakepath\\invoice 2026.pdf', 'invoice 2026.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['  .hidden  ', 'hidden'],
    ['what?<why>:"here"|*.txt', 'what__why___here___.txt'],
    ['tab\there\nnew.txt', 'tab here new.txt'],
    // The right-to-left override that shows `gpj.exe` as `exe.jpg` is dropped.
    ['photo\u202egpj.exe', 'photogpj.exe'],
    ['Re\u0301sume\u0301.pdf', 'Résumé.pdf'],
    ['trailing dots...', 'trailing dots'],
  ])('%j → %j', (given, expected) => {
    expect(sanitizeFileName(given)).toBe(expected);
  });

  it.each(['', '   ', '...', '/', 'dir/', '\u202e', '__--__'])('%j has no usable name', (given) => {
    expect(sanitizeFileName(given)).toBeNull();
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(fileNameFits('😀'.repeat(200))).toBe(true);
    expect(fileNameFits('a'.repeat(201))).toBe(false);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name, percent-encoded as RFC 5987 says', () => {
    expect(attachmentDisposition('Résumé (final) 100%.pdf')).toBe(
      `attachment; filename="R_sum_ (final) 100%.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20100%25.pdf`,
    );
  });

  it('never lets a quote, backslash or line break out of the quoted fallback', () => {
    const header = attachmentDisposition('a"b\\c\r\nd.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c__d.txt"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});

describe('servedContentType', () => {
  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/xml',
    'application/xml',
    'application/rss+xml',
    'text/javascript',
    'application/javascript',
    'text/css',
    'multipart/related; boundary=x',
    ' TEXT/HTML',
  ])('%j is served as application/octet-stream', (stored) => {
    expect(servedContentType(stored)).toBe('application/octet-stream');
  });

  it.each(['application/pdf', 'image/png', 'text/plain; charset=utf-8', 'application/zip'])(
    '%j is served as it is',
    (stored) => {
      expect(servedContentType(stored)).toBe(stored);
    },
  );

  it('takes media types with parameters, and nothing else', () => {
    for (const good of ['application/pdf', 'text/plain; charset=utf-8', 'application/vnd.ms-excel'])
      expect(MEDIA_TYPE.test(good)).toBe(true);
    for (const bad of ['pdf', 'text/', '/plain', 'text/plain\r\nx-evil: 1', 'a b/c'])
      expect(MEDIA_TYPE.test(bad)).toBe(false);
  });
});

describe('signed file links', () => {
  const secret = randomBytes(32);
  const id = randomUUID();
  const now = new Date('2026-12-05T12:00:00Z');
  const inFiveMinutes = Math.floor(now.getTime() / 1000) + 300;
  const signature = signFileLink(secret, id, inFiveMinutes);

  it('are valid until they expire, then expired', () => {
    expect(checkFileLink(secret, id, String(inFiveMinutes), signature, now)).toBe('valid');
    const later = new Date(inFiveMinutes * 1000);
    expect(checkFileLink(secret, id, String(inFiveMinutes), signature, later)).toBe('expired');
  });

  it('are invalid under another secret, file, expiry or signature, or without either part', () => {
    const cases: [Uint8Array, string, string | undefined, string | undefined][] = [
      [randomBytes(32), id, String(inFiveMinutes), signature],
      [secret, randomUUID(), String(inFiveMinutes), signature],
      [secret, id, String(inFiveMinutes + 1), signature],
      [secret, id, String(inFiveMinutes), signature.slice(1)],
      [secret, id, String(inFiveMinutes), `${signature}=`],
      [secret, id, undefined, signature],
      [secret, id, String(inFiveMinutes), undefined],
      [secret, id, `${inFiveMinutes}.0`, signature],
      [secret, id, '-1', signature],
    ];
    for (const [key, file, expires, presented] of cases) {
      expect(checkFileLink(key, file, expires, presented, now)).toBe('invalid');
    }
  });

  it('are invalid, not expired, when forged with a past expiry', () => {
    const past = new Date(0);
    expect(checkFileLink(secret, id, '1', signature, past)).toBe('invalid');
  });
});
