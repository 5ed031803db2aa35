/** Stored names: a content hash that carries the image's size, so uploads dedupe and URLs say the size. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { imageSizeFromUrl } from '../../src/contracts/content/index.js';
import { bytes, MEDIA_MESSAGES } from '../../src/modules/media/domain/media-errors.js';
import { mediaName, STORED_NAME } from '../../src/modules/media/domain/media-name.js';

const content = Buffer.from('the same bytes');
const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);

describe('stored media names', () => {
  it('are the first 16 hex digits of the SHA-256, the size and the extension', () => {
    const name = mediaName(content, 'webp', { width: 1200, height: 800 });
    assert.equal(name, `${hash}-1200x800.webp`);
    assert.match(name, STORED_NAME);
    assert.deepEqual(imageSizeFromUrl(`/uploads/${name}`), { width: 1200, height: 800 });
  });

  it('are the same for the same bytes and differ for other bytes', () => {
    const size = { width: 3, height: 2 };
    assert.equal(mediaName(Buffer.from(content), 'png', size), mediaName(content, 'png', size));
    assert.notEqual(
      mediaName(Buffer.from('other bytes'), 'png', size),
      mediaName(content, 'png', size),
    );
  });

  it('leave the size out when it is unknown or cannot be written in the URL', () => {
    assert.equal(mediaName(content, 'svg'), `${hash}.svg`);
    assert.equal(mediaName(content, 'svg', { width: 0, height: 10 }), `${hash}.svg`);
    assert.equal(mediaName(content, 'svg', { width: 100_000, height: 10 }), `${hash}.svg`);
    assert.equal(mediaName(content, 'svg', { width: 10.5, height: 10 }), `${hash}.svg`);
    assert.match(mediaName(content, 'svg'), STORED_NAME);
    assert.equal(imageSizeFromUrl(`/uploads/${mediaName(content, 'jpg')}`), undefined);
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
      assert.doesNotMatch(name, STORED_NAME, name);
    }
  });

  it('the size limit reads well in messages', () => {
    assert.equal(bytes(5 * 1024 * 1024), '5 MiB');
    assert.equal(bytes(4096), '4 KiB');
    assert.equal(bytes(1000), '1000 bytes');
    assert.equal(
      MEDIA_MESSAGES.tooLarge(5 * 1024 * 1024),
      'The file is too large: images can be at most 5 MiB.',
    );
  });
});
