import { type CampaignFields } from '@contracts/campaigns';
import { type Notice } from '@contracts/identity';
import {
  WELCOME_EMAIL_PATH,
  type WelcomeEmail,
  type WelcomeEmailFields,
} from '@contracts/newsletter-welcome';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignsKeys } from './query-keys';

const welcomeKey = [...campaignsKeys.all, 'welcome'] as const;

/** GET /api/admin/newsletter/welcome — the welcome e-mail (the default text until one is saved). */
export function useWelcomeEmail() {
  return useQuery({
    queryKey: welcomeKey,
    queryFn: ({ signal }) => api.get<WelcomeEmail>(WELCOME_EMAIL_PATH, { signal }),
  });
}

/** PUT /api/admin/newsletter/welcome — the welcome e-mail as saved; 400 with the fields' messages. */
export function useSaveWelcomeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WelcomeEmailFields) => api.put<WelcomeEmail>(WELCOME_EMAIL_PATH, input),
    onSuccess: (saved) => queryClient.setQueryData(welcomeKey, saved),
  });
}

/** POST /api/admin/newsletter/welcome/test — 202: the text as written goes to the signed-in admin. */
export function useSendWelcomeTest() {
  return useMutation({
    mutationFn: (input: CampaignFields) => api.post<Notice>(`${WELCOME_EMAIL_PATH}/test`, input),
  });
}
