import { type PaymentAccount, type SavePaymentAccountInput } from '@contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const paymentAccountKeys = {
  all: ['payment-accounts'] as const,
  one: (id: string) => [...paymentAccountKeys.all, id] as const,
};

/** GET /api/admin/payment-accounts — the PayPal receiving e-mails (payments go to the active one). */
export function usePaymentAccounts() {
  return useQuery({
    queryKey: paymentAccountKeys.all,
    queryFn: ({ signal }) => api.get<PaymentAccount[]>('/api/admin/payment-accounts', { signal }),
  });
}

export function usePaymentAccount(id: string) {
  return useQuery({
    queryKey: paymentAccountKeys.one(id),
    queryFn: ({ signal }) =>
      api.get<PaymentAccount>(`/api/admin/payment-accounts/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Adds (no id) or changes a receiving e-mail; every account query is refreshed once it is saved. */
export function useSavePaymentAccount(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePaymentAccountInput) =>
      id
        ? api.put<PaymentAccount>(`/api/admin/payment-accounts/${encodeURIComponent(id)}`, input)
        : api.post<PaymentAccount>('/api/admin/payment-accounts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountKeys.all }),
  });
}

/**
 * POST /api/admin/payment-accounts/:id/activate — payments go to this e-mail from now on. The list is
 * refreshed also after a failure (a 404 means it is out of date).
 */
export function useActivatePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<PaymentAccount>(`/api/admin/payment-accounts/${encodeURIComponent(id)}/activate`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountKeys.all }),
  });
}

/** DELETE /api/admin/payment-accounts/:id — 204; 409 for the active one, 404 when already gone. */
export function useRemovePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/payment-accounts/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountKeys.all }),
  });
}
