import {
  NEWSLETTER_MESSAGES,
  type Subscribe,
  type SubscribeInput,
  subscribeSchema,
} from '@contracts/newsletter';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { FormField, EmailInput } from '../../../components/ui/form-field';
import { useServerForm } from '../../../components/ui/use-server-form';
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
    form: {
      register,
      formState: { errors },
    },
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<SubscribeInput, Subscribe, unknown>({
    schema: subscribeSchema,
    defaultValues: EMPTY_FORM,
    submit: (values) => {
      setRequested(false);
      return mutation.mutateAsync(values);
    },
    successMessage: NEWSLETTER_MESSAGES.requested,
    resetOnSuccess: true,
    onSuccess: () => setRequested(true),
  });

  return (
    <form
      className="newsletter-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSending || undefined}
    >
      <FormControls>
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
            isLoading={isSending}
            loadingText="Sending…"
          >
            Subscribe
          </Button>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <p className="newsletter-form__note" role="status">
          {requested ? 'Check your inbox to confirm.' : ''}
        </p>
      </FormControls>
    </form>
  );
}
