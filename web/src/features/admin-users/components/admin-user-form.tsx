import {
  type AdminUserInput,
  type AdminUserInputValues,
  adminUserInputSchema,
} from '@contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, EmailInput } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { applyAdminUserError } from './admin-user-form-errors';
import './admin-users.css';

export interface AdminUserFormProps {
  defaultValues: AdminUserInputValues;
  submitLabel: string;
  loadingText: string;
  isSending: boolean;
  /** Saves the values: resolves once the server accepted them, rejects with its error. */
  onSave: (input: AdminUserInput) => Promise<unknown>;
  /** Empty the form after a save (the add form). */
  resetOnSuccess?: boolean;
}

/** The admin user fields: "User Email" and the hidden "userRole" (always Admin for now). */
export function AdminUserForm({
  defaultValues,
  submitLabel,
  loadingText,
  isSending,
  onSave,
  resetOnSuccess = false,
}: AdminUserFormProps) {
  const idPrefix = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AdminUserInputValues, unknown, AdminUserInput>({
    resolver: zodResolver(adminUserInputSchema),
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
      if (resetOnSuccess) reset(defaultValues);
    } catch (error) {
      setFormError(applyAdminUserError(error, errorMessage(error), setError));
    }
  });

  return (
    <form
      className="admin-user-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSending || undefined}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      {errors.userRole?.message && <Alert tone="error">{errors.userRole.message}</Alert>}

      <FormField id={`${idPrefix}-email`} label="User Email" error={errors.userEmail?.message}>
        {(control) => (
          <EmailInput
            {...control}
            {...register('userEmail')}
            autoComplete="off"
            aria-required="true"
          />
        )}
      </FormField>
      <input type="hidden" {...register('userRole')} />

      <div>
        <Button type="submit" isLoading={isSending} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
