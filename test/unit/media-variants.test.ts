import { describe, expect, it } from '@jest/globals';
import { planVariants } from '../../src/modules/media/domain/image-variants.js';
import { STORED_NAME } from '../../src/modules/media/domain/media-name.js';

const HASH = '0123456789abcdef';
const sizes = (name: string, type: string, width: number, height: number) =>
  planVariants(name, type, width, height).map((v) => `${v.format} ${v.width}x${v.height}`);

describe('planVariants', () => {
  it('makes each standard width narrower than the image, and its own width, in AVIF and WebP', () => {
    expect(sizes(`${HASH}-1000x600.jpg`, 'image/jpeg', 1000, 600)).toStrictEqual([
      'avif 320x192',
      'avif 640x384',
      'avif 960x576',
      'avif 1000x600',
      'webp 320x192',
      'webp 640x384',
      'webp 960x576',
      'webp 1000x600',
    ]);
  });

  it('never upscales, stops at 1920 for a wider image, and leaves a WebP at its own width as it is', () => {
    expect(sizes(`${HASH}-200x100.png`, 'image/png', 200, 100)).toStrictEqual([
      'avif 200x100',
      'webp 200x100',
    ]);
    expect(
      sizes(`${HASH}-4000x3000.jpg`, 'image/jpeg', 4000, 3000).filter((s) => s.startsWith('webp')),
    ).toStrictEqual([
      'webp 320x240',
      'webp 640x480',
      'webp 960x720',
      'webp 1280x960',
      'webp 1920x1440',
    ]);
    const webp = planVariants(`${HASH}-640x480.webp`, 'image/webp', 640, 480);
    expect(webp.map((v) => v.key)).toStrictEqual([
      `${HASH}-320x240.avif`,
      `${HASH}-640x480.avif`,
      `${HASH}-320x240.webp`,
    ]);
  });

  it('names variants deterministically with names /uploads serves', () => {
    const first = planVariants(`${HASH}-1000x600.jpg`, 'image/jpeg', 1000, 600);
    expect(planVariants(`${HASH}-1000x600.jpg`, 'image/jpeg', 1000, 600)).toStrictEqual(first);
    for (const variant of first) expect(variant.key).toMatch(STORED_NAME);
  });
});
