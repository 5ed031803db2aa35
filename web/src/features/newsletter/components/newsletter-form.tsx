import { type Subscribe, type SubscribeInput } from '@contracts/newsletter';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmailField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { useLightForm } from '../../../components/ui/use-light-form';
import { useSubscribe } from '../api/subscribe';
import './newsletter.css';

/** The schema and the texts, loaded when the visitor turns to the form (they bring zod). */
async function loadContract() {
  const { NEWSLETTER_MESSAGES, subscribeSchema } = await import('@contracts/newsletter');
  return { schema: subscribeSchema, successMessage: NEWSLETTER_MESSAGES.requested };
}

/**
 * The footer's newsletter sign-up (on every public page): validated with the shared
 * `subscribeSchema`, sent to POST /api/subscribers. The address is only subscribed once its owner
 * follows the e-mailed link.
 */
export function NewsletterForm() {
  const id = useId();
  const mutation = useSubscribe();
  const [requested, setRequested] = useState(false);
  const {
    formProps,
    fields,
    formError,
    isSubmitting: isSending,
  } = useLightForm<SubscribeInput, Subscribe, unknown>({
    fields: ['subemail'],
    load: loadContract,
    submit: (values) => {
      setRequested(false);
      return mutation.mutateAsync(values);
    },
    resetOnSuccess: true,
    onSuccess: () => setRequested(true),
  });

  return (
    <form className="newsletter-form" {...formProps} aria-busy={isSending || undefined}>
      <FormControls>
        <div className="newsletter-form__row">
          <EmailField
            form={fields}
            name="subemail"
            id={`${id}-subemail`}
            label="Email"
            className="newsletter-form__field"
            onChange={() => setRequested(false)}
            placeholder="Your e-mail"
            // Named beyond its visible label, so that it is not taken for a page's own Email field.
            aria-label="Email for the newsletter"
          />
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
