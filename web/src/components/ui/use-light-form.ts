import {
  type ChangeEvent,
  type FormEvent,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import { type z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api-client';
import { toFieldName } from '../../lib/form-errors';
import { type FieldBinding } from './bound-field';
import { toast } from './toast';

/** What a form needs from its contract module, which is loaded on first use (it brings zod). */
export interface LightFormContract<TInput extends object, TOutput> {
  /** The schema shared with the server: it checks the fields and gives the values sent. */
  schema: z.ZodType<TOutput, TInput>;
  /** The success toast (the spec's text), shown only once the server accepted. */
  successMessage?: string;
}

export interface UseLightFormOptions<TInput extends object, TOutput, TResult> {
  /** The form's inputs, in page order (the first one in error takes the focus). */
  fields: readonly (keyof TInput & string)[];
  /** Loads the contract: a dynamic `import()` of the module that holds the schema. */
  load: () => Promise<LightFormContract<TInput, TOutput>>;
  /** Sends the parsed values (a mutation's `mutateAsync`): resolves once the server accepted them. */
  submit: (values: TOutput) => Promise<TResult>;
  /** Empty the form once the server accepted it. */
  resetOnSuccess?: boolean;
  onSuccess?: (result: TResult, values: TOutput) => unknown;
  /** The fields that take the server's field errors, when not all of `fields`. */
  serverFields?: readonly (keyof TInput & string)[];
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface LightForm<TInput extends object> {
  /** Spread on the `<form>`. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    /** Starts loading the contract as soon as the visitor turns to the form. */
    onFocus: () => void;
    noValidate: true;
  };
  /** Spread on an input: its name and the re-check of its value once the form was submitted. */
  register: (name: keyof TInput & string) => {
    name: string;
    onChange: (event: ChangeEvent<FieldElement>) => void;
  };
  errors: Partial<Record<keyof TInput, string>>;
  /** `register` and `errors`, for bound fields (`TextField`, ...). */
  fields: FieldBinding<keyof TInput & string>;
  /** A failure's message that no field took, shown above the fields. */
  formError: string | null;
  isSubmitting: boolean;
}

/** The first message of each top-level field. */
function fieldErrors<TInput>(error: z.ZodError): Partial<Record<keyof TInput, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const [name] = issue.path;
    if (typeof name === 'string' && errors[name] === undefined) errors[name] = issue.message;
  }
  return errors as Partial<Record<keyof TInput, string>>;
}

/**
 * One form against the API, as `useServerForm` does it (the shared zod schema checks the fields on
 * submit and again as they change afterwards; the server's field errors land on their fields, the
 * toast tells the outcome) but without react-hook-form, and with the schema's module loaded on
 * first use: for the forms of the public pages, whose code is part of every visitor's first load.
 * The inputs are uncontrolled, so what a visitor types before the page's script runs is kept.
 */
export function useLightForm<TInput extends object, TOutput, TResult>({
  fields,
  load,
  submit,
  resetOnSuccess = false,
  onSuccess,
  serverFields = fields,
}: UseLightFormOptions<TInput, TOutput, TResult>): LightForm<TInput> {
  const formRef = useRef<HTMLFormElement | null>(null);
  const contractRef = useRef<Promise<LightFormContract<TInput, TOutput>> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TInput, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const contract = useCallback(() => {
    contractRef.current ??= load().catch((error: unknown) => {
      contractRef.current = null;
      throw error;
    });
    return contractRef.current;
  }, [load]);

  const element = (name: string) =>
    formRef.current?.elements.namedItem(name) as FieldElement | null | undefined;
  const readValues = () =>
    Object.fromEntries(fields.map((name) => [name, element(name)?.value ?? ''])) as TInput;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    setSubmitted(true);
    setFormError(null);
    void (async () => {
      try {
        let loaded: LightFormContract<TInput, TOutput>;
        try {
          loaded = await contract();
        } catch (error) {
          // The schema's code could not be loaded (the network went away): nothing was sent.
          return setFormError(errorMessage(error));
        }
        const { schema, successMessage } = loaded;
        const parsed = schema.safeParse(readValues());
        if (!parsed.success) {
          const found = fieldErrors<TInput>(parsed.error);
          setErrors(found);
          element(fields.find((name) => found[name] !== undefined) ?? '')?.focus();
          return;
        }
        setErrors({});
        let result: TResult;
        try {
          result = await submit(parsed.data);
        } catch (error) {
          const message = errorMessage(error);
          toast.error(message);
          const fromServer = serverFieldErrors<TInput>(error, serverFields);
          const first = serverFields.find((name) => fromServer[name] !== undefined);
          if (first === undefined) return setFormError(message);
          setErrors(fromServer);
          element(first)?.focus();
          return;
        }
        if (successMessage !== undefined) toast.success(successMessage);
        if (resetOnSuccess) {
          formRef.current?.reset();
          setSubmitted(false);
        }
        await onSuccess?.(result, parsed.data);
      } finally {
        setSubmitting(false);
      }
    })();
  };

  const register = (name: keyof TInput & string) => ({
    name,
    onChange: () => {
      if (!submitted) return;
      // Once submitted, a field's message follows its value (react-hook-form's reValidateMode).
      contract().then(
        ({ schema }) => {
          const parsed = schema.safeParse(readValues());
          const message = parsed.success ? undefined : fieldErrors<TInput>(parsed.error)[name];
          setErrors((current) => ({ ...current, [name]: message }));
        },
        // Not loaded: the next submit says so.
        () => undefined,
      );
    },
  });

  return {
    formProps: {
      ref: formRef,
      onSubmit,
      onFocus: () => void contract().catch(() => undefined),
      noValidate: true,
    },
    register,
    errors,
    fields: { register, errors },
    formError,
    isSubmitting,
  };
}

/** The server's per-field messages (`ApiError.fields`) on the form's fields. */
function serverFieldErrors<TInput>(
  error: unknown,
  names: readonly (keyof TInput & string)[],
): Partial<Record<keyof TInput, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!(error instanceof ApiError)) return errors as Partial<Record<keyof TInput, string>>;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = toFieldName(path, names as readonly string[]);
    if (name !== undefined) errors[name] = message;
  }
  return errors as Partial<Record<keyof TInput, string>>;
}
