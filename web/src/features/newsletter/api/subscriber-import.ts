import {
  type StartSubscriberImportInput,
  SUBSCRIBER_IMPORTS_PATH,
  type SubscriberImport,
  subscriberImportPath,
} from '@contracts/subscriber-import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';

export const subscriberImportKeys = {
  all: ['subscriber-imports'] as const,
  one: (id: string) => [...subscriberImportKeys.all, id] as const,
};

/** How often the screen asks for a running import's progress. */
export const IMPORT_POLL_MS = 1000;

/** POST /api/admin/subscribers/imports (multipart, one `file`) — 201: the preview; 400 | 413 | 415. */
export function uploadSubscriberImport(file: File): Promise<SubscriberImport> {
  const formData = new FormData();
  formData.append('file', file);
  return apiUpload<SubscriberImport>(SUBSCRIBER_IMPORTS_PATH, formData);
}

/** POST …/{id}/start — 202: queued (a failed import is resumed as it was started). */
export function startSubscriberImport(
  id: string,
  input: StartSubscriberImportInput,
): Promise<SubscriberImport> {
  return api.post<SubscriberImport>(`${subscriberImportPath(id)}/start`, input);
}

export function useUploadSubscriberImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSubscriberImport,
    onSuccess: (created) => queryClient.setQueryData(subscriberImportKeys.one(created.id), created),
  });
}

export function useStartSubscriberImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartSubscriberImportInput) => startSubscriberImport(id, input),
    onSuccess: (started) => queryClient.setQueryData(subscriberImportKeys.one(id), started),
  });
}

const isRunning = (entry: SubscriberImport | undefined) =>
  entry?.status === 'queued' || entry?.status === 'running';

/** GET …/{id}, polled while the import is queued or running. */
export function useSubscriberImport(id: string | null) {
  return useQuery({
    queryKey: subscriberImportKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<SubscriberImport>(subscriberImportPath(id ?? ''), { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}
