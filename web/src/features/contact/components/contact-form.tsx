import {
  MESSAGE_TEXTS,
  type SendMessage,
  type SendMessageInput,
  sendMessageSchema,
} from '@contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField, EmailInput, Input, Textarea } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSendMessage } from '../api/send-message';
import './contact-form.css';

type FieldName = FieldPath<SendMessageInput>;

const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'number', 'subject', 'message'];

const EMPTY_FORM: SendMessageInput = {
  name: '',
  email: '',
  number: '',
  subject: '',
  message: '',
  website: '',
};

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
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SendMessageInput, unknown, SendMessage>({
    resolver: zodResolver(sendMessageSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: async () => {
        toast.success(MESSAGE_TEXTS.sent);
        reset(EMPTY_FORM);
        await navigate(successPath);
      },
      onError: (error) => {
        // Only the server's own answer is shown as the reason; anything else means it was not reached.
        toast.error(errorMessage(error));
        applyServerFieldErrors(error, FIELD_NAMES, setError);
      },
    });
  });

  const isSending = mutation.isPending;
  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;

  return (
    <form
      className="contact-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSending || undefined}
    >
      <p className="contact-form__note">All fields are required.</p>

      <div className="contact-form__grid">
        <FormField id={fieldId('name')} label="Name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('name')}
              type="text"
              autoComplete="name"
              aria-required="true"
            />
          )}
        </FormField>

        <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...register('email')} aria-required="true" />}
        </FormField>

        <FormField id={fieldId('number')} label="Phone Number" error={errors.number?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('number')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              aria-required="true"
            />
          )}
        </FormField>

        <FormField id={fieldId('subject')} label="Subject" error={errors.subject?.message}>
          {(control) => (
            <Input {...control} {...register('subject')} type="text" aria-required="true" />
          )}
        </FormField>

        <FormField
          id={fieldId('message')}
          label="Message"
          error={errors.message?.message}
          className="contact-form__full"
        >
          {(control) => (
            <Textarea {...control} {...register('message')} rows={6} aria-required="true" />
          )}
        </FormField>
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
    </form>
  );
}
