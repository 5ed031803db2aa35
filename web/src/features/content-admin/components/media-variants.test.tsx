import { afterEach, describe, expect, it } from '@jest/globals';
import { type MediaDetails } from '@contracts/content';
import { screen } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { MediaVariants } from './media-variants';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const URL_OF = '/uploads/0123456789abcdef-1000x600.jpg';

const base: MediaDetails = {
  url: URL_OF,
  contentType: 'image/jpeg',
  size: 150 * 1024,
  width: 1000,
  height: 600,
  createdAt: '2026-11-26T10:00:00.000Z',
  variantsStatus: 'ready',
  variants: [
    {
      format: 'webp',
      width: 640,
      height: 384,
      url: '/uploads/0123456789abcdef-640x384.webp',
      size: 40 * 1024,
    },
    {
      format: 'avif',
      width: 320,
      height: 192,
      url: '/uploads/0123456789abcdef-320x192.avif',
      size: 6 * 1024,
    },
    {
      format: 'webp',
      width: 320,
      height: 192,
      url: '/uploads/0123456789abcdef-320x192.webp',
      size: 1536,
    },
  ],
  error: null,
};

describe('MediaVariants', () => {
  it('lists the variants of an upload by format, widths and sizes in KB', async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/admin/media' && url.searchParams.get('url') === URL_OF
        ? [200, base]
        : undefined,
    );
    renderWithProviders(<MediaVariants url={URL_OF} />);
    expect(await screen.findByText(/original 1000×600 px, 150 KB/)).toBeTruthy();
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['AVIF 320 px 6 KB', 'WebP 320 px 1.5 KB, 640 px 40 KB']);
    expect(calls).toHaveLength(1);
  });

  it('says the sizes are being made, and that they failed with the reason', async () => {
    fakeApi(() => [200, { ...base, variantsStatus: 'pending', variants: [] }]);
    const pending = renderWithProviders(<MediaVariants url={URL_OF} />);
    expect(await screen.findByText(/Making the responsive sizes/)).toBeTruthy();
    pending.unmount();

    fakeApi(() => [200, { ...base, variantsStatus: 'failed', variants: [], error: 'Disk full' }]);
    renderWithProviders(<MediaVariants url={URL_OF} />);
    expect(await screen.findByText(/could not be made: Disk full/)).toBeTruthy();
  });

  it('asks nothing for an address that is not an upload, and explains an upload it does not know', async () => {
    const calls = fakeApi(() => [404, errorBody(404, 'No uploaded image has this name.')]);
    const other = renderWithProviders(<MediaVariants url="https://cdn.example/a.jpg" />);
    expect(other.container.textContent).toBe('');
    expect(calls).toHaveLength(0);
    other.unmount();

    renderWithProviders(<MediaVariants url={URL_OF} />);
    expect(await screen.findByText(/upload it again to get them/)).toBeTruthy();
  });
});
