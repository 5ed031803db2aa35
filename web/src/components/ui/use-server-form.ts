import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useMemo, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  useForm,
  type UseFormReturn,
} from 'react-hook-form';
import { type z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { type FieldBinding } from './bound-field';
import { toast } from './toast';

export interface UseServerFormOptions<
  TInput extends FieldValues,
  TOutput extends FieldValues,
  TResult,
> {
  /** The schema shared with the server: it checks the fields and gives the values sent. */
  schema: z.ZodType<TOutput, TInput>;
  /** Every field's starting value; its keys are the fields that take the server's field errors. */
  defaultValues: TInput;
  /** Sends the parsed values (a mutation's `mutateAsync`): resolves once the server accepted them. */
  submit: (values: TOutput) => Promise<TResult>;
  /** The success toast (the spec's text), shown only once the server accepted the change. */
  successMessage?: string | ((result: TResult) => string);
  /** Empty the form once the server accepted it. */
  resetOnSuccess?: boolean;
  onSuccess?: (result: TResult, values: TOutput) => unknown;
  /**
   * A failure none of the fields took: return `true` when it was dealt with here (then the form
   * shows no error of its own).
   */
  onServerError?: (
    error: unknown,
    message: string,
    form: UseFormReturn<TInput, unknown, TOutput>,
  ) => boolean;
  /** The fields that take the server's field errors, when not all of `defaultValues`' keys. */
  serverFields?: readonly FieldPath<TInput>[];
}

export interface ServerForm<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The form's `register` and messages, for bound fields (`TextField`, ...). */
  fields: FieldBinding<Extract<keyof TInput, string>>;
  /** The form's `onSubmit`: checks the fields, then sends them. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** A failure's message that no field took, shown above the fields. */
  formError: string | null;
  isSubmitting: boolean;
}

/**
 * One form against the API: react-hook-form checked by the shared zod schema, sent through a
 * mutation; the server's field errors land on their fields, anything else is the form's error. The
 * toast says the server's message on failure and the success text only once the server accepted.
 */
export function useServerForm<TInput extends FieldValues, TOutput extends FieldValues, TResult>({
  schema,
  defaultValues,
  submit,
  successMessage,
  resetOnSuccess = false,
  onSuccess,
  onServerError,
  serverFields,
}: UseServerFormOptions<TInput, TOutput, TResult>): ServerForm<TInput, TOutput> {
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues: defaultValues as DefaultValues<TInput>,
  });
  const fieldNames = serverFields ?? (Object.keys(defaultValues) as FieldPath<TInput>[]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let result: TResult;
    try {
      result = await submit(values);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      if (applyServerFieldErrors(error, fieldNames, form.setError)) return;
      if (onServerError?.(error, message, form)) return;
      setFormError(message);
      return;
    }
    if (successMessage !== undefined) {
      toast.success(typeof successMessage === 'function' ? successMessage(result) : successMessage);
    }
    if (resetOnSuccess) form.reset(defaultValues);
    await onSuccess?.(result, values);
  });

  const fields = {
    register: form.register,
    errors: form.formState.errors,
  } as FieldBinding<Extract<keyof TInput, string>>;
  return { form, fields, onSubmit, formError, isSubmitting: form.formState.isSubmitting };
}
