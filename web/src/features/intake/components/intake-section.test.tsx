import { afterEach, describe, expect, it } from '@jest/globals';
import type { IntakeFormVersion, OrderIntake } from '@contracts/intake';
import { type Order } from '@contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { IntakeSection } from './intake-section';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const FORM: IntakeFormVersion = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  packageId: 'cccccccc-0000-4000-8000-000000000001',
  version: 2,
  savedBy: null,
  savedAt: '2026-11-01T10:00:00.000Z',
  fields: [
    {
      key: 'siteUrl',
      type: 'url',
      label: 'Your website',
      required: true,
      help: 'e.g. https://www.example.com',
      options: [],
    },
    {
      key: 'goal',
      type: 'select',
      label: 'Goal',
      required: false,
      help: '',
      options: ['Traffic', 'Leads'],
    },
    {
      key: 'channels',
      type: 'multiSelect',
      label: 'Channels',
      required: false,
      help: '',
      options: ['Web', 'Maps'],
    },
    {
      key: 'access',
      type: 'checkbox',
      label: 'Search Console access granted',
      required: false,
      help: '',
      options: [],
    },
    { key: 'logo', type: 'file', label: 'Logo', required: false, help: '', options: [] },
  ],
};

const paidOrder = (changes: Partial<Order> = {}): Order =>
  anOrder({
    paymentStatus: 'Paid',
    paidAt: '2026-11-03T10:05:00.000Z',
    paidVia: 'paypal',
    stage: 'awaiting_details',
    ...changes,
  });

const FILE_ID = 'dddddddd-0000-4000-8000-000000000001';

describe('the order page’s questionnaire', () => {
  it('asks the customer while the order waits for their details, shows the server’s error next to its field, and thanks only once accepted', async () => {
    const order = paidOrder();
    const intakePath = `/api/orders/${order._id}/intake`;
    let intake: OrderIntake = { orderId: order._id, form: FORM, submission: null, history: [] };
    let attempt = 0;
    const calls = fakeApi(({ method, url, body }) => {
      if (url.pathname !== intakePath) return undefined;
      if (method === 'GET') return [200, intake];
      attempt += 1;
      if (attempt === 1) {
        return [
          400,
          {
            ...errorBody(400, 'answers.siteUrl: Your website must be an http(s) URL'),
            fields: { 'answers.siteUrl': 'Your website must be an http(s) URL' },
          },
        ];
      }
      const { answers } = body as { answers: Record<string, unknown> };
      intake = {
        ...intake,
        submission: {
          id: 'eeeeeeee-0000-4000-8000-000000000001',
          form: FORM,
          answers: { siteUrl: answers.siteUrl as string, channels: ['Maps'], access: true },
          files: [],
          submittedAt: '2026-11-04T09:00:00.000Z',
          submittedBy: 'customer',
          submittedByEmail: null,
        },
      };
      return [200, intake];
    });
    const { user } = renderWithProviders(<IntakeSection order={order} viewer="customer" />);

    const section = await screen.findByRole('region', { name: 'Your project details' });
    const site = await within(section).findByRole('textbox', { name: /Your website/ });
    expect(site).toHaveAccessibleDescription('e.g. https://www.example.com');
    expect(within(section).getByRole('combobox', { name: /Goal/ })).toBeInTheDocument();
    expect(within(section).getByRole('group', { name: /Channels/ })).toBeInTheDocument();
    expect(within(section).getByLabelText(/Logo/)).toHaveAttribute('type', 'file');

    await user.type(site, 'ftp://example.com');
    await user.click(within(section).getByRole('checkbox', { name: 'Maps' }));
    await user.click(within(section).getByRole('checkbox', { name: /Search Console/ }));
    await user.click(within(section).getByRole('button', { name: 'Send my answers' }));

    expect(await within(section).findByText('Your website must be an http(s) URL')).toBeVisible();
    expect(site).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Thank you: your details are sent')).toBeNull();

    await user.clear(site);
    await user.type(site, 'https://www.example.com');
    await user.click(within(section).getByRole('button', { name: 'Send my answers' }));

    expect(await screen.findByText('Thank you: your details are sent')).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'POST').at(-1)!;
    expect(sent.body).toEqual({
      formVersionId: FORM.id,
      answers: {
        siteUrl: 'https://www.example.com',
        goal: null,
        channels: ['Maps'],
        access: true,
        logo: [],
      },
    });
    // The answers are shown, with a way to correct them.
    await waitFor(() =>
      expect(within(section).getByText('https://www.example.com')).toBeInTheDocument(),
    );
    expect(within(section).getByRole('button', { name: 'Edit answers' })).toBeInTheDocument();
  });

  it('shows the answers with files as download links, and lets an admin fill them in for the customer', async () => {
    const order = paidOrder({ stage: 'in_progress' });
    const submission = {
      id: 'eeeeeeee-0000-4000-8000-000000000002',
      form: FORM,
      answers: { siteUrl: 'https://ada.example', logo: [FILE_ID], access: false },
      files: [{ id: FILE_ID, filename: 'logo.png', contentType: 'image/png', size: 100 }],
      submittedAt: '2026-11-04T09:00:00.000Z',
      submittedBy: 'customer' as const,
      submittedByEmail: null,
    };
    const calls = fakeApi(({ method, url }) => {
      if (url.pathname !== `/api/admin/orders/${order._id}/intake`) return undefined;
      const intake: OrderIntake = {
        orderId: order._id,
        form: FORM,
        submission,
        history: [submission],
      };
      return method === 'GET' || method === 'PUT' ? [200, intake] : undefined;
    });
    const { user } = renderWithProviders(<IntakeSection order={order} viewer="admin" />);

    const section = await screen.findByRole('region', { name: 'Project details' });
    expect(await within(section).findByRole('link', { name: 'logo.png' })).toHaveAttribute(
      'href',
      `/api/files/${FILE_ID}`,
    );
    expect(within(section).getByText(/by the customer/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Edit answers' }));
    expect(within(section).getByRole('textbox', { name: /Your website/ })).toHaveValue(
      'https://ada.example',
    );
    await user.click(within(section).getByRole('button', { name: 'Save the answers' }));
    expect(await screen.findByText('The answers are saved for the customer')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(true);
  });

  it('asks nothing before the payment', () => {
    fakeApi(() => undefined);
    renderWithProviders(
      <IntakeSection
        order={paidOrder({ paymentStatus: 'UnPaid', stage: 'awaiting_payment' })}
        viewer="customer"
      />,
    );
    expect(screen.queryByRole('region', { name: /project details/ })).toBeNull();
  });
});
