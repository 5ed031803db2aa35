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
import { DayRangeFilter, FilterForm, SelectFilter } from '../../../components/ui/filter-form';
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
  return (
    <FilterForm
      className="admin-orders-filters"
      label="Filter the orders"
      filtered={Object.values(filters).some(Boolean)}
      read={(value) => ({
        q: value('q'),
        payment: value('payment') as PaymentStatus | undefined,
        status: value('status') as OrderStatus | undefined,
        billing: value('billing') as Billing | undefined,
        from: value('from'),
        to: value('to'),
      })}
      onApply={onChange}
      onClear={() => onChange({})}
      actions={
        <>
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
        </>
      }
    >
      <FormField label="Customer name or e-mail">
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
      <SelectFilter
        label="Payment Status"
        name="payment"
        options={PAYMENT_STATUSES}
        defaultValue={filters.payment}
      />
      <SelectFilter
        label="Delivery Status"
        name="status"
        options={ORDER_STATUSES}
        defaultValue={filters.status}
      />
      <SelectFilter
        label="Billing"
        name="billing"
        options={BILLINGS}
        labelOf={(billing) => BILLING_LABELS[billing]}
        defaultValue={filters.billing}
      />
      <DayRangeFilter from={filters.from} to={filters.to} />
    </FilterForm>
  );
}
