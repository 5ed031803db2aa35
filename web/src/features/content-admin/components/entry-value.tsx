import { type FieldDef } from '@contracts/content';
import { ImageThumbnail, isShowableImage } from './image-thumbnail';

const EMPTY = '—';

/** Shortens long text for a table cell or a summary (the whole text stays in the title). */
export function shorten(value: string, max = 80): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** One stored value, read-only: a thumbnail for an image, the (shortened) text otherwise. */
export function EntryValue({ field, value }: { field: FieldDef; value: string | undefined }) {
  if (!value) {
    return (
      <span className="content-value--empty">
        <span aria-hidden="true">{EMPTY}</span>
        <span className="visually-hidden">Empty</span>
      </span>
    );
  }
  if (field.type === 'image' && isShowableImage(value)) {
    return <ImageThumbnail src={value} alt={field.label} />;
  }
  const short = shorten(value);
  return <span title={short === value ? undefined : value}>{short}</span>;
}
