import { type MediaDetails, type MediaVariant, VARIANT_FORMATS } from '@contracts/content';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMediaDetails } from '../api/get-media-details';

/** 20480 → "20 KB", 1500 → "1.5 KB". */
export function kilobytes(bytes: number): string {
  const kb = bytes / 1024;
  return `${kb >= 10 ? Math.round(kb) : Math.round(kb * 10) / 10} KB`;
}

const FORMAT_LABELS = { avif: 'AVIF', webp: 'WebP' } as const;

/** "AVIF 320 px 6 KB, 640 px 15 KB" for the variants of one format. */
function formatLine(format: (typeof VARIANT_FORMATS)[number], variants: MediaVariant[]) {
  const ofFormat = variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width);
  if (ofFormat.length === 0) return null;
  return (
    <li key={format}>
      <strong>{FORMAT_LABELS[format]}</strong>{' '}
      {ofFormat.map((variant) => `${variant.width} px ${kilobytes(variant.size)}`).join(', ')}
    </li>
  );
}

/** What the admin reads of an image's responsive variants. */
export function MediaVariantsSummary({ media }: { media: MediaDetails }) {
  if (media.variantsStatus === 'pending') {
    return <p className="content-image__variants">Making the responsive sizes (AVIF, WebP)…</p>;
  }
  if (media.variantsStatus === 'failed') {
    return (
      <p className="content-image__variants content-image__variants--failed">
        The responsive sizes could not be made: {media.error ?? 'unknown error'}. The image is shown
        as uploaded; upload it again to retry.
      </p>
    );
  }
  if (media.variants.length === 0) {
    return (
      <p className="content-image__variants">
        {media.contentType === 'image/svg+xml'
          ? 'Vector image: sharp at every size, no variants needed.'
          : 'Shown as uploaded (no responsive sizes).'}
      </p>
    );
  }
  return (
    <div className="content-image__variants">
      <p>
        Responsive sizes (original {media.width}×{media.height} px, {kilobytes(media.size)}):
      </p>
      <ul>{VARIANT_FORMATS.map((format) => formatLine(format, media.variants))}</ul>
    </div>
  );
}

/**
 * The responsive variants of the uploaded image at `url` (none for any other address), polled while
 * they are being made.
 */
export function MediaVariants({ url }: { url: string }) {
  const details = useMediaDetails(url);
  if (details.isError) {
    const unknown = details.error instanceof ApiError && details.error.statusCode === 404;
    return (
      <p className="content-image__variants">
        {unknown
          ? 'Uploaded before responsive sizes were made: upload it again to get them.'
          : errorMessage(details.error)}
      </p>
    );
  }
  return details.data ? <MediaVariantsSummary media={details.data} /> : null;
}
