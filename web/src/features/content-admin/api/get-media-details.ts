import { type MediaDetails } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';

/** An uploaded image's URL: `/uploads/<name>` as POST /api/media names it. */
const UPLOADED = /^\/uploads\/([0-9a-f]{16}(?:-\d+x\d+)?\.(?:jpg|png|webp|svg))$/;

/** The stored name of an uploaded image's URL; undefined for any other address. */
export function uploadedName(url: string): string | undefined {
  return UPLOADED.exec(url)?.[1];
}

/** While the variants are being made, they are asked for again this often. */
export const VARIANTS_POLL_MS = 2000;

/** GET /api/admin/media/:name — the image with its variants, or where making them stands; 404. */
export function getMediaDetails(name: string, signal?: AbortSignal): Promise<MediaDetails> {
  return api.get<MediaDetails>(`/api/admin/media/${encodeURIComponent(name)}`, { signal });
}

export const mediaDetailsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...contentAdminKeys.all, 'media', name] as const,
    queryFn: ({ signal }) => getMediaDetails(name, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.variantsStatus === 'pending' ? VARIANTS_POLL_MS : false,
  });

/** The details of the image at `url` when it is an upload (none are asked for otherwise). */
export function useMediaDetails(url: string) {
  const name = uploadedName(url);
  return useQuery({ ...mediaDetailsQueryOptions(name ?? ''), enabled: name !== undefined });
}
