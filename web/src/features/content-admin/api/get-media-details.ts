import { type MediaDetails, UPLOADED_IMAGE_URL } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';

/** Whether `url` is the address of an upload (whose details the admin API has). */
export const isUploadedImage = (url: string) => UPLOADED_IMAGE_URL.test(url);

/** While the variants are being made, they are asked for again this often. */
export const VARIANTS_POLL_MS = 2000;

/** GET /api/admin/media?url= — the image with its variants, or where making them stands; 404. */
export function getMediaDetails(url: string, signal?: AbortSignal): Promise<MediaDetails> {
  return api.get<MediaDetails>(`/api/admin/media?url=${encodeURIComponent(url)}`, { signal });
}

export const mediaDetailsQueryOptions = (url: string) =>
  queryOptions({
    queryKey: [...contentAdminKeys.all, 'media', url] as const,
    queryFn: ({ signal }) => getMediaDetails(url, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.variantsStatus === 'pending' ? VARIANTS_POLL_MS : false,
  });

/** The details of the image at `url` when it is an upload (none are asked for otherwise). */
export function useMediaDetails(url: string) {
  return useQuery({ ...mediaDetailsQueryOptions(url), enabled: isUploadedImage(url) });
}
