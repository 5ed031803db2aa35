import { describe, expect, it } from '@jest/globals';
import { type ContentSnapshot } from '@contracts/content';
import { buildHead } from './head';
import { headHtml } from './head-html';
import { BANNER_IMAGE_SIZES } from './hero-image';

const PHOTO = '/uploads/0123456789abcdef-1200x900.jpg';

function landing(media?: ContentSnapshot['media']): ContentSnapshot {
  return {
    sections: { banner: [{ _id: 'b-1', bannerHeading: 'Hello', imageOne: PHOTO }] },
    ...(media && { media }),
  } as unknown as ContentSnapshot;
}

const preloads = (content: ContentSnapshot) => {
  const html = headHtml(buildHead({ page: '/', content, publicUrl: 'https://agency.example' }));
  const doc = new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');
  return [...doc.querySelectorAll('link[rel="preload"][as="image"]')];
};

describe('the banner preload in the head', () => {
  it('names the AVIF variants with the sizes the banner is shown at, and nothing else', () => {
    const [link, ...others] = preloads(
      landing({
        [PHOTO]: {
          width: 1200,
          height: 900,
          variants: [
            {
              format: 'webp',
              width: 320,
              height: 240,
              url: '/uploads/0123456789abcdef-320x240.webp',
              size: 1,
            },
            {
              format: 'avif',
              width: 640,
              height: 480,
              url: '/uploads/0123456789abcdef-640x480.avif',
              size: 1,
            },
            {
              format: 'avif',
              width: 320,
              height: 240,
              url: '/uploads/0123456789abcdef-320x240.avif',
              size: 1,
            },
          ],
        },
      }),
    );
    expect(others).toHaveLength(0);
    expect(link!.getAttribute('imagesrcset')).toBe(
      '/uploads/0123456789abcdef-320x240.avif 320w, /uploads/0123456789abcdef-640x480.avif 640w',
    );
    expect(link!.getAttribute('imagesizes')).toBe(BANNER_IMAGE_SIZES);
    expect(link!.getAttribute('type')).toBe('image/avif');
    expect(link!.getAttribute('fetchpriority')).toBe('high');
    // Not the upload itself as well: the browser would fetch both.
    expect(link!.hasAttribute('href')).toBe(false);
  });

  it('preloads the image as uploaded while it has no variants', () => {
    const [link, ...others] = preloads(landing());
    expect(others).toHaveLength(0);
    expect(link!.getAttribute('href')).toBe(PHOTO);
    expect(link!.hasAttribute('imagesrcset')).toBe(false);
  });
});
