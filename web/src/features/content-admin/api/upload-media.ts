import { type Media } from '@contracts/content';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload';

/** The image types POST /api/media accepts (its 415 names the others). */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml';

/** POST /api/media (multipart, one `file`) — 201 with the stored image's URL; 400 | 413 | 415. */
export function uploadMedia(file: File): Promise<Media> {
  const formData = new FormData();
  formData.append('file', file);
  return apiUpload<Media>('/api/media', formData);
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
