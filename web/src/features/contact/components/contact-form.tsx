import { type SendMessage, type SendMessageInput } from '@contracts/messages';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailField, TextareaField, TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { useLightForm } from '../../../components/ui/use-light-form';
import { useSendMessage } from '../api/send-message';
import './contact-form.css';

type FieldName = keyof SendMessageInput & string;

/** The visible fields, in page order: the ones that show the server's field errors. */
const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'number', 'subject', 'message'];

/** The schema and the texts, loaded when the visitor turns to the form (they bring zod). */
async function loadContract() {
  const { MESSAGE_TEXTS, sendMessageSchema } = await import('@contracts/messages');
  return { schema: sendMessageSchema, successMessage: MESSAGE_TEXTS.sent };
}

export interface ContactFormProps {
  /** Where to go after the message was sent. */
  successPath?: string;
}

/** The visitor contact form: validated with the shared `sendMessageSchema`, sent to POST /api/messages. */
export function ContactForm({ successPath = '/thanks' }: ContactFormProps) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useSendMessage();
  const {
    formProps,
    register,
    fields,
    formError,
    isSubmitting: isSending,
  } = useLightForm<SendMessageInput, SendMessage, unknown>({
    fields: [...FIELD_NAMES, 'website'],
    load: loadContract,
    // The honeypot never shows an error: a robot learns nothing from it.
    serverFields: FIELD_NAMES,
    submit: mutation.mutateAsync,
    resetOnSuccess: true,
    onSuccess: () => navigate(successPath),
  });
  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;
  const bound = (name: FieldName) => ({ form: fields, name, id: fieldId(name) });

  return (
    <form className="contact-form" {...formProps} aria-busy={isSending || undefined}>
      <FormControls>
        <p className="contact-form__note">All fields are required.</p>

        {formError && <Alert tone="error">{formError}</Alert>}

        <div className="contact-form__grid">
          <TextField {...bound('name')} label="Name" type="text" autoComplete="name" />

          <EmailField {...bound('email')} label="Email" />

          <TextField
            {...bound('number')}
            label="Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
          />

          <TextField {...bound('subject')} label="Subject" type="text" />

          <TextareaField
            {...bound('message')}
            label="Message"
            className="contact-form__full"
            rows={6}
          />
        </div>

        {/* The honeypot: out of sight and out of the tab order, so only robots fill it in. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={fieldId('website')}>Leave this field empty</label>
          <input
            id={fieldId('website')}
            {...register('website')}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        <div className="contact-form__actions">
          <Button type="submit" size="lg" isLoading={isSending} loadingText="Sending…">
            Send Message
          </Button>
        </div>
      </FormControls>
    </form>
  );
}
