import { INVOICES_CSV_PATH } from '@contracts/invoices';
import {
  adminOrdersExportPath,
  type AdminOrderFilterInput,
  type Billing,
  BILLINGS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@contracts/orders';
import { BILLING_LABELS } from '@contracts/subscriptions';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { listFilter, type ListFilterReaders } from '../../../lib/use-list-search-params';

/**
 * /total-orders' filters as the address has them (`?q=&payment=&status=&billing=&from=&to=&page=`).
 */
export interface AdminOrdersSearch {
  /** A part of the customer's name or e-mail. */
  q?: string;
  payment?: PaymentStatus;
  /** The order (delivery) status. */
  status?: OrderStatus;
  /** One-off or monthly orders only. */
  billing?: Billing;
  from?: string;
  to?: string;
}

export const ADMIN_ORDERS_SEARCH: ListFilterReaders<AdminOrdersSearch> = {
  q: listFilter.text,
  payment: listFilter.oneOf(PAYMENT_STATUSES),
  status: listFilter.oneOf(ORDER_STATUSES),
  billing: listFilter.oneOf(BILLINGS),
  from: listFilter.day,
  to: listFilter.day,
};

/** The address' filters as the API's. */
export const toAdminOrderFilter = (search: AdminOrdersSearch): AdminOrderFilterInput => ({
  q: search.q,
  paymentStatus: search.payment,
  orderStatus: search.status,
  billing: search.billing,
  from: search.from,
  to: search.to,
});

export interface AdminOrdersFiltersProps {
  filters: AdminOrdersSearch;
  onChange: (filters: AdminOrdersSearch) => void;
}

/**
 * The orders' search and filters, applied together with Filter, and the CSV of what they select.
 * Uncontrolled, so the form shows what the address says (remount it when the address changes, e.g. on
 * Back).
 */
export function AdminOrdersFilters({ filters, onChange }: AdminOrdersFiltersProps) {
  const idPrefix = useId();
  const filtered = Object.values(filters).some(Boolean);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onChange({
      q: text('q'),
      payment: text('payment') as PaymentStatus | undefined,
      status: text('status') as OrderStatus | undefined,
      billing: text('billing') as Billing | undefined,
      from: text('from'),
      to: text('to'),
    });
  };

  return (
    <form
      className="admin-orders-filters"
      role="search"
      aria-label="Filter the orders"
      onSubmit={apply}
    >
      <FormField id={`${idPrefix}-q`} label="Customer name or e-mail">
        {(control) => (
          <Input
            {...control}
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-payment`} label="Payment Status">
        {(control) => (
          <select
            {...control}
            name="payment"
            className="input"
            defaultValue={filters.payment ?? ''}
          >
            <option value="">All</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-status`} label="Delivery Status">
        {(control) => (
          <select {...control} name="status" className="input" defaultValue={filters.status ?? ''}>
            <option value="">All</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-billing`} label="Billing">
        {(control) => (
          <select
            {...control}
            name="billing"
            className="input"
            defaultValue={filters.billing ?? ''}
          >
            <option value="">All</option>
            {BILLINGS.map((billing) => (
              <option key={billing} value={billing}>
                {BILLING_LABELS[billing]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-from`} label="From">
        {(control) => <Input {...control} name="from" type="date" defaultValue={filters.from} />}
      </FormField>
      <FormField id={`${idPrefix}-to`} label="To">
        {(control) => <Input {...control} name="to" type="date" defaultValue={filters.to} />}
      </FormField>
      <div className="admin-orders-filters__actions">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={() => onChange({})}>
            Clear filters
          </Button>
        )}
        {/* A plain download: the browser sends the session cookie and saves the streamed file. */}
        <a
          className="btn btn--secondary btn--md"
          href={adminOrdersExportPath(toAdminOrderFilter(filters))}
          download
        >
          Export CSV
        </a>
        <a className="btn btn--secondary btn--md" href={INVOICES_CSV_PATH} download>
          Export invoices CSV
        </a>
      </div>
    </form>
  );
}
