import { describe, expect, it } from '@jest/globals';
import { type ContentSnapshot } from '@contracts/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CONTENT_SNAPSHOT_KEY } from '../../../lib/query-keys';
import { createTestQueryClient } from '../../../testing/render';
import { ContentImage } from './content-image';

const PHOTO = '/uploads/0123456789abcdef-1000x600.jpg';

/** The photo's variants as the content snapshot lists them (widths < 1000, and 1000 itself). */
const snapshot: ContentSnapshot = {
  sections: {} as ContentSnapshot['sections'],
  media: {
    [PHOTO]: {
      width: 1000,
      height: 600,
      variants: [
        {
          format: 'webp',
          width: 640,
          height: 384,
          url: '/uploads/0123456789abcdef-640x384.webp',
          size: 20_000,
        },
        {
          format: 'webp',
          width: 320,
          height: 192,
          url: '/uploads/0123456789abcdef-320x192.webp',
          size: 8_000,
        },
        {
          format: 'avif',
          width: 320,
          height: 192,
          url: '/uploads/0123456789abcdef-320x192.avif',
          size: 6_000,
        },
        {
          format: 'avif',
          width: 640,
          height: 384,
          url: '/uploads/0123456789abcdef-640x384.avif',
          size: 15_000,
        },
        {
          format: 'avif',
          width: 1000,
          height: 600,
          url: '/uploads/0123456789abcdef-1000x600.avif',
          size: 30_000,
        },
      ],
    },
  },
};

function withContent(ui: ReactElement, content: ContentSnapshot = snapshot) {
  const client = createTestQueryClient();
  client.setQueryData(CONTENT_SNAPSHOT_KEY, content);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

describe('ContentImage', () => {
  it('renders an image without variants as uploaded, sized from its URL and loaded lazily', () => {
    const { container } = render(
      withContent(<ContentImage src="/uploads/fedcba9876543210-1200x800.png" alt="Team" />),
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/fedcba9876543210-1200x800.png');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('offers the variants of an uploaded image: AVIF first, then WebP with the upload as the widest', () => {
    const { container } = render(withContent(<ContentImage src={PHOTO} alt="Office" />));
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/avif');
    expect(source.getAttribute('srcset')).toBe(
      '/uploads/0123456789abcdef-320x192.avif 320w, /uploads/0123456789abcdef-640x384.avif 640w, ' +
        '/uploads/0123456789abcdef-1000x600.avif 1000w',
    );
    // By default it is shown at most at its own width.
    expect(source.getAttribute('sizes')).toBe('(max-width: 1000px) 100vw, 1000px');
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(PHOTO);
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/0123456789abcdef-320x192.webp 320w, /uploads/0123456789abcdef-640x384.webp 640w, ' +
        `${PHOTO} 1000w`,
    );
    // No layout shift: the intrinsic size is known before any byte arrives.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1000', '600']);
    expect(img.getAttribute('alt')).toBe('Office');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('loads the priority image first, and leaves its preload to the head (no second image fetched)', () => {
    const sizes = '(max-width: 56rem) 100vw, 32rem';
    const html = renderToString(
      withContent(<ContentImage src={PHOTO} alt="" priority sizes={sizes} />),
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const img = page.querySelector('picture > img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // Decoded off the first paint: on a phone the heading beside it is what paints first.
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('sizes')).toBe(sizes);
    expect(page.querySelector('source')!.getAttribute('sizes')).toBe(sizes);
    // React preloads no image of a <picture>: the head's preload (lib/seo/hero-image) is the one.
    expect(page.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });
});
