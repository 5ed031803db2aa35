import {
  formatMoney,
  ORDER_TEXTS,
  type PlaceOrderInput,
  placeOrderSchema,
  toMoney,
} from '@contracts/orders';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/bound-field';
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
  /** The signed-in e-mail: shown, not editable, never sent (the server takes the session's). */
  email: string;
}

/** 'Buying Your SEO Plan': Full Name, then 'Place Order Now' → /pending-order (spec §2, §5). */
export function OrderForm({ packageId, packageName, packagePrice, email }: OrderFormProps) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const placing = usePlaceOrder();
  const server = useServerForm({
    schema: placeOrderSchema,
    defaultValues: { packageId, customerName: '' } satisfies PlaceOrderInput,
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
  const price = /^\d+(\.\d{1,2})?$/.test(packagePrice)
    ? formatMoney(toMoney(packagePrice))
    : packagePrice;

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
      <Button type="submit" isLoading={server.isSubmitting} loadingText="Placing your order…">
        {ORDER_TEXTS.placeOrder}
      </Button>
    </ServerFormElement>
  );
}
