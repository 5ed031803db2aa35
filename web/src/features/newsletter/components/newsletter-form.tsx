import {
  NEWSLETTER_MESSAGES,
  type Subscribe,
  type SubscribeInput,
  subscribeSchema,
} from '@contracts/newsletter';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField, EmailInput } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSubscribe } from '../api/subscribe';
import './newsletter.css';

const EMPTY_FORM: SubscribeInput = { subemail: '' };

/**
 * The footer's newsletter sign-up: validated with the shared `subscribeSchema`, sent to
 * POST /api/subscribers. The address is only subscribed once its owner follows the e-mailed link.
 */
export function NewsletterForm() {
  const id = useId();
  const mutation = useSubscribe();
  const [requested, setRequested] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SubscribeInput, unknown, Subscribe>({
    resolver: zodResolver(subscribeSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    setRequested(false);
    mutation.mutate(values, {
      onSuccess: () => {
        toast.success(NEWSLETTER_MESSAGES.requested);
        setRequested(true);
        reset(EMPTY_FORM);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        applyServerFieldErrors(error, ['subemail'], setError);
      },
    });
  });

  return (
    <form
      className="newsletter-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={mutation.isPending || undefined}
    >
      <div className="newsletter-form__row">
        <FormField
          id={`${id}-subemail`}
          label="Email"
          error={errors.subemail?.message}
          className="newsletter-form__field"
        >
          {(control) => (
            <EmailInput
              {...control}
              {...register('subemail', { onChange: () => setRequested(false) })}
              placeholder="Your e-mail"
              aria-required="true"
              // Named beyond its visible label, so that it is not taken for a page's own Email field.
              aria-label="Email for the newsletter"
            />
          )}
        </FormField>
        <Button
          type="submit"
          className="newsletter-form__submit"
          isLoading={mutation.isPending}
          loadingText="Sending…"
        >
          Subscribe
        </Button>
      </div>
      <p className="newsletter-form__note" role="status">
        {requested ? 'Check your inbox to confirm.' : ''}
      </p>
    </form>
  );
}
