/** Stored names: a content hash that carries the image's size, so uploads dedupe and URLs say the size. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { imageSizeFromUrl } from '../../src/contracts/content/index.js';
import { bytes, MEDIA_MESSAGES } from '../../src/modules/media/domain/media-errors.js';
import { mediaName, STORED_NAME } from '../../src/modules/media/domain/media-name.js';

const content = Buffer.from('the same bytes');
const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);

describe('stored media names', () => {
  it('are the first 16 hex digits of the SHA-256, the size and the extension', () => {
    const name = mediaName(content, 'webp', { width: 1200, height: 800 });
    expect(name).toBe(`${hash}-1200x800.webp`);
    expect(name).toMatch(STORED_NAME);
    expect(imageSizeFromUrl(`/uploads/${name}`)).toStrictEqual({ width: 1200, height: 800 });
  });

  it('are the same for the same bytes and differ for other bytes', () => {
    const size = { width: 3, height: 2 };
    expect(mediaName(Buffer.from(content), 'png', size)).toBe(mediaName(content, 'png', size));
    expect(mediaName(Buffer.from('other bytes'), 'png', size)).not.toBe(
      mediaName(content, 'png', size),
    );
  });

  it('leave the size out when it is unknown or cannot be written in the URL', () => {
    expect(mediaName(content, 'svg')).toBe(`${hash}.svg`);
    expect(mediaName(content, 'svg', { width: 0, height: 10 })).toBe(`${hash}.svg`);
    expect(mediaName(content, 'svg', { width: 100_000, height: 10 })).toBe(`${hash}.svg`);
    expect(mediaName(content, 'svg', { width: 10.5, height: 10 })).toBe(`${hash}.svg`);
    expect(mediaName(content, 'svg')).toMatch(STORED_NAME);
    expect(imageSizeFromUrl(`/uploads/${mediaName(content, 'jpg')}`)).toBe(undefined);
  });

  it('match only the names this module gives (what /uploads serves)', () => {
    for (const name of [
      `${hash}.png.tmp`,
      `.${hash}.png`,
      `${hash}.gif`,
      `${hash}-0x10.png`,
      `${hash.slice(1)}.png`,
      `../${hash}.png`,
      `${hash.toUpperCase()}.png`,
    ]) {
      expect(name).not.toMatch(STORED_NAME);
    }
  });

  it('the size limit reads well in messages', () => {
    expect(bytes(5 * 1024 * 1024)).toBe('5 MiB');
    expect(bytes(4096)).toBe('4 KiB');
    expect(bytes(1000)).toBe('1000 bytes');
    expect(MEDIA_MESSAGES.tooLarge(5 * 1024 * 1024)).toBe(
      'The file is too large: images can be at most 5 MiB.',
    );
  });
});
