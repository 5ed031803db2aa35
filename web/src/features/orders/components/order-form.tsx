import {
  BILLING_LIMITS,
  type Billing,
  formatMoney,
  ORDER_TEXTS,
  type PlaceOrderInput,
  placeOrderSchema,
  toMoney,
} from '@contracts/orders';
import { PER_MONTH } from '@contracts/subscriptions';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { TextareaField, TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { usePlaceOrder } from '../api/orders';
import './orders.css';

export interface OrderFormProps {
  packageId: string;
  packageName: string;
  /** As the pricing record has it ("499"): shown only; the server copies the price itself. */
  packagePrice: string;
  /** A monthly plan's price is shown per month. */
  billing?: Billing;
  /** The signed-in e-mail: shown, not editable, never sent (the server takes the session's). */
  email: string;
}

/**
 * 'Buying Your SEO Plan': Full Name, optionally the company, billing address and tax id the invoice
 * names, then 'Place Order Now' → /pending-order (spec §2, §5). */
export function OrderForm({
  packageId,
  packageName,
  packagePrice,
  billing = 'one-off',
  email,
}: OrderFormProps) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const placing = usePlaceOrder();
  const server = useServerForm({
    schema: placeOrderSchema,
    defaultValues: {
      packageId,
      customerName: '',
      companyName: '',
      billingAddress: '',
      taxId: '',
    } satisfies PlaceOrderInput,
    submit: placing.mutateAsync,
    successMessage: 'Your order is placed',
    onSuccess: () => navigate('/pending-order'),
  });
  const {
    form: {
      formState: { errors },
    },
    fields,
  } = server;
  const price =
    (/^\d+(\.\d{1,2})?$/.test(packagePrice) ? formatMoney(toMoney(packagePrice)) : packagePrice) +
    (billing === 'monthly' ? PER_MONTH : '');

  return (
    <ServerFormElement className="order-form card" server={server}>
      {errors.packageId?.message && <Alert tone="error">{errors.packageId.message}</Alert>}
      <dl className="order-form__package">
        <div>
          <dt>Package</dt>
          <dd>{packageName}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{price}</dd>
        </div>
      </dl>
      <FormField id={`${idPrefix}-email`} label="Email">
        {(control) => <Input {...control} type="email" value={email} disabled readOnly />}
      </FormField>
      <TextField
        form={fields}
        name="customerName"
        id={`${idPrefix}-name`}
        label="Full Name"
        autoComplete="name"
      />
      <fieldset className="order-form__billing">
        <legend>Invoice details (optional)</legend>
        <p className="order-form__billing-hint">
          Named on your invoice. Leave them empty to be invoiced under your name.
        </p>
        <TextField
          form={fields}
          name="companyName"
          id={`${idPrefix}-company`}
          label="Company Name"
          autoComplete="organization"
          maxLength={BILLING_LIMITS.companyName}
          optional
        />
        <TextareaField
          form={fields}
          name="billingAddress"
          id={`${idPrefix}-billing-address`}
          label="Billing Address"
          autoComplete="street-address"
          rows={3}
          maxLength={BILLING_LIMITS.billingAddress}
          optional
        />
        <TextField
          form={fields}
          name="taxId"
          id={`${idPrefix}-tax-id`}
          label="Tax ID"
          hint="VAT number or the like, if your business has one"
          maxLength={BILLING_LIMITS.taxId}
          optional
        />
      </fieldset>
      <Button type="submit" isLoading={server.isSubmitting} loadingText="Placing your order…">
        {ORDER_TEXTS.placeOrder}
      </Button>
    </ServerFormElement>
  );
}
