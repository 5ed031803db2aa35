import {
  PAYMENT_TEXTS,
  type SavePaymentAccountInput,
  savePaymentAccountSchema,
} from '@contracts/payments';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmailField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useSavePaymentAccount } from '../api/payment-accounts';
import './checkout.css';

export interface PaymentAccountFormProps {
  /** The account to change; none to add one. */
  id?: string;
  defaultEmail?: string;
  onSaved?: () => unknown;
}

/** The PayPal e-mail form: 'Paypal Email Added' or 'Paypal Email Updated' once the server saved it. */
export function PaymentAccountForm({ id, defaultEmail = '', onSaved }: PaymentAccountFormProps) {
  const idPrefix = useId();
  const save = useSavePaymentAccount(id);
  const { fields, onSubmit, formError, isSubmitting } = useServerForm({
    schema: savePaymentAccountSchema,
    defaultValues: { paypalEmail: defaultEmail } satisfies SavePaymentAccountInput,
    submit: save.mutateAsync,
    successMessage: id ? PAYMENT_TEXTS.accountUpdated : PAYMENT_TEXTS.accountAdded,
    resetOnSuccess: !id,
    onSuccess: onSaved,
  });
  return (
    <form
      className="checkout card"
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <EmailField
        form={fields}
        name="paypalEmail"
        id={`${idPrefix}-email`}
        label="Paypal Email"
        autoComplete="off"
      />
      <Button type="submit" isLoading={isSubmitting} loadingText="Saving…">
        {id ? 'Update Paypal Email' : 'Add Paypal Email'}
      </Button>
    </form>
  );
}
