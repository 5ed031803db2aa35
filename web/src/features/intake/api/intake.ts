import type {
  IntakeAnswer,
  IntakeFieldInput,
  IntakeFormPackage,
  IntakeFormState,
  IntakeFormVersion,
  OrderIntake,
} from '@contracts/intake';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';

/** Who looks at an order's questionnaire: its customer, or an admin (who sees every submission). */
export type IntakeViewer = 'customer' | 'admin';

/** Query keys of the questionnaire screens; a save invalidates `forms`, an answer the order's. */
export const intakeKeys = {
  all: ['intake'] as const,
  forms: () => [...intakeKeys.all, 'forms'] as const,
  form: (packageId: string) => [...intakeKeys.forms(), packageId] as const,
  versions: (packageId: string) => [...intakeKeys.forms(), packageId, 'versions'] as const,
  order: (orderId: string, viewer: IntakeViewer) =>
    [...intakeKeys.all, 'order', orderId, viewer] as const,
};

const enc = encodeURIComponent;
const formPath = (packageId: string) => `/api/admin/intake-forms/${enc(packageId)}`;
const orderIntakePath = (orderId: string, viewer: IntakeViewer) =>
  viewer === 'admin'
    ? `/api/admin/orders/${enc(orderId)}/intake`
    : `/api/orders/${enc(orderId)}/intake`;

/** GET /api/admin/intake-forms — every pricing package and where its questionnaire stands. */
export function useIntakeForms() {
  return useQuery({
    queryKey: intakeKeys.forms(),
    queryFn: ({ signal }) => api.get<IntakeFormPackage[]>('/api/admin/intake-forms', { signal }),
  });
}

/** GET /api/admin/intake-forms/:packageId — the package and its newest version (or 404). */
export function useIntakeForm(packageId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: intakeKeys.form(packageId),
    enabled,
    queryFn: ({ signal }) => api.get<IntakeFormState>(formPath(packageId), { signal }),
  });
}

/** GET …/versions — every saved version, newest first. */
export function useIntakeVersions(packageId: string) {
  return useQuery({
    queryKey: intakeKeys.versions(packageId),
    queryFn: ({ signal }) =>
      api.get<IntakeFormVersion[]>(`${formPath(packageId)}/versions`, { signal }),
  });
}

/** PUT /api/admin/intake-forms/:packageId — 200 with the new version; 400 names each bad field. */
export function useSaveIntakeForm(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: IntakeFieldInput[]) =>
      api.put<IntakeFormVersion>(formPath(packageId), { fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intakeKeys.forms() }),
  });
}

/** POST …/versions/:versionId/restore — the version saved again as the newest one. */
export function useRestoreIntakeVersion(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      api.post<IntakeFormVersion>(`${formPath(packageId)}/versions/${enc(versionId)}/restore`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: intakeKeys.forms() }),
  });
}

/** The order's questions and answers, as its customer or an admin reads them. */
export function useOrderIntake(orderId: string, viewer: IntakeViewer) {
  return useQuery({
    queryKey: intakeKeys.order(orderId, viewer),
    queryFn: ({ signal }) => api.get<OrderIntake>(orderIntakePath(orderId, viewer), { signal }),
  });
}

export interface SubmitIntakeVariables {
  answers: Record<string, IntakeAnswer | null>;
  formVersionId: string;
}

/**
 * POST /api/orders/:id/intake (the customer) or PUT /api/admin/orders/:id/intake (an admin for
 * them): the answers; then the order (its stage, due date) and its questionnaire are read again.
 */
export function useSubmitIntake(orderId: string, viewer: IntakeViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitIntakeVariables) =>
      viewer === 'admin'
        ? api.put<OrderIntake>(orderIntakePath(orderId, viewer), input)
        : api.post<OrderIntake>(orderIntakePath(orderId, viewer), input),
    // Refused because the order or its questions changed meanwhile (409): read them again.
    onError: (error) =>
      error instanceof ApiError && error.statusCode === 409
        ? queryClient.invalidateQueries({ queryKey: intakeKeys.order(orderId, viewer) })
        : undefined,
    onSuccess: async (intake) => {
      queryClient.setQueryData(intakeKeys.order(orderId, viewer), intake);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: intakeKeys.order(orderId, viewer) }),
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]);
    },
  });
}
