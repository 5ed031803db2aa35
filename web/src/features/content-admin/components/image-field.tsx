import { type FieldDef } from '@contracts/content';
import { type ChangeEvent, type ComponentProps, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Input } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { ACCEPTED_IMAGE_TYPES, useUploadMedia } from '../api/upload-media';
import { type EntryValues } from './entry-values';
import { ImageThumbnail, isShowableImage } from './image-thumbnail';
import { MediaVariants } from './media-variants';

export type ImageFieldProps = ComponentProps<'input'> & { field: FieldDef };

/**
 * An image field: its URL, typed or pasted, or filled in by uploading a file (POST /api/media), with
 * a preview of the current value and, for an upload, its responsive sizes (or where making them stands).
 */
export function ImageField({ field, ...inputProps }: ImageFieldProps) {
  const fileId = useId();
  const statusId = useId();
  const forId = useId();
  const { control, setValue } = useFormContext<EntryValues>();
  const value = useWatch({ control, name: field.name }) ?? '';
  const upload = useUploadMedia();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (media) =>
        setValue(field.name, media.url, {
          shouldDirty: true,
          shouldTouch: true,
          shouldValidate: true,
        }),
      onError: (error) => toast.error(errorMessage(error)),
      // The same file can be chosen again (e.g. after a failure).
      onSettled: () => {
        input.value = '';
      },
    });
  };

  return (
    <div className="content-image">
      <Input
        {...inputProps}
        type="text"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        placeholder="https://… or upload a file"
      />
      <div className="content-image__row">
        {isShowableImage(value) ? (
          <ImageThumbnail src={value} alt={`${field.label} preview`} width={160} height={100} />
        ) : (
          <span className="content-thumb content-thumb--empty" style={{ width: 160, height: 100 }}>
            No image
          </span>
        )}
        <div className="content-image__upload">
          <label className="content-image__upload-label" htmlFor={fileId}>
            Upload image
          </label>
          <span id={forId} hidden>
            {field.label}
          </span>
          <input
            id={fileId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="content-image__file"
            onChange={onFileChosen}
            disabled={upload.isPending}
            aria-describedby={`${forId} ${statusId}`}
          />
          <p id={statusId} className="content-image__status" role="status">
            {upload.isPending
              ? 'Uploading…'
              : upload.isSuccess && upload.data.url === value
                ? 'Image uploaded.'
                : 'JPEG, PNG, WebP or SVG.'}
          </p>
          <MediaVariants url={value} />
        </div>
      </div>
    </div>
  );
}
