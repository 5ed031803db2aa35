import { CHANGES_MESSAGE_MAX_LENGTH, DELIVERY_TEXTS } from '@contracts/deliverables';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRequestChanges } from '../api/deliverables';

/** The customer's change request: a required message (plain text), sent only when it says something. */
export function RequestChangesForm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const fieldId = useId();
  const requestChanges = useRequestChanges(orderId);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setFieldError(DELIVERY_TEXTS.messageRequired);
      return;
    }
    setFieldError(null);
    setFormError(null);
    requestChanges.mutate(message.trim(), {
      onSuccess: () => {
        toast.success(DELIVERY_TEXTS.changesSentToast);
        onClose();
      },
      onError: (error) => {
        const forField = error instanceof ApiError ? error.fields.message : undefined;
        if (forField) setFieldError(forField);
        else setFormError(errorMessage(error));
      },
    });
  };

  return (
    <form
      className="deliverables__changes"
      onSubmit={submit}
      noValidate
      aria-busy={requestChanges.isPending || undefined}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id={fieldId} label={DELIVERY_TEXTS.changesLabel} error={fieldError ?? undefined}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            required
            maxLength={CHANGES_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FormField>
      <div className="deliverables__actions">
        <Button type="submit" isLoading={requestChanges.isPending} loadingText="Sending…">
          {DELIVERY_TEXTS.sendChanges}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
