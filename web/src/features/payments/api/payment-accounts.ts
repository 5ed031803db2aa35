import { type PaymentAccount, type SavePaymentAccountInput } from '@contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const paymentAccountKeys = {
  all: ['payment-accounts'] as const,
  one: (id: string) => [...paymentAccountKeys.all, id] as const,
};

/** GET /api/admin/payment-accounts — the PayPal receiving e-mails (the first one is used). */
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
