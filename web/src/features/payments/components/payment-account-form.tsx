import {
  PAYMENT_TEXTS,
  type SavePaymentAccountInput,
  savePaymentAccountSchema,
} from '@contracts/payments';
import { useId } from 'react';
import { EmailField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
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
  const server = useServerForm({
    schema: savePaymentAccountSchema,
    defaultValues: { paypalEmail: defaultEmail } satisfies SavePaymentAccountInput,
    submit: save.mutateAsync,
    successMessage: id ? PAYMENT_TEXTS.accountUpdated : PAYMENT_TEXTS.accountAdded,
    resetOnSuccess: !id,
    onSuccess: onSaved,
  });
  const { fields } = server;
  return (
    <ServerFormElement className="checkout card" server={server}>
      <EmailField
        form={fields}
        name="paypalEmail"
        id={`${idPrefix}-email`}
        label="Paypal Email"
        autoComplete="off"
      />
      <Button type="submit" isLoading={server.isSubmitting} loadingText="Saving…">
        {id ? 'Update Paypal Email' : 'Add Paypal Email'}
      </Button>
    </ServerFormElement>
  );
}
