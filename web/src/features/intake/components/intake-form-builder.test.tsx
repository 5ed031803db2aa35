import { afterEach, describe, expect, it } from '@jest/globals';
import type { IntakeFormState, IntakeFormVersion } from '@contracts/intake';
import { screen, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { IntakeFormBuilder } from './intake-form-builder';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const PACKAGE_ID = 'cccccccc-0000-4000-8000-000000000001';
const V1: IntakeFormVersion = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  packageId: PACKAGE_ID,
  version: 1,
  savedBy: null,
  savedAt: '2026-11-01T10:00:00.000Z',
  fields: [
    { key: 'siteUrl', type: 'url', label: 'Your website', required: true, help: '', options: [] },
  ],
};
const V2: IntakeFormVersion = {
  ...V1,
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  version: 2,
  savedBy: 'grace@example.test',
  fields: [],
};
const STATE: IntakeFormState = {
  packageId: PACKAGE_ID,
  packageName: 'Premium',
  deliveryDays: 30,
  current: V2,
};
const formPath = `/api/admin/intake-forms/${PACKAGE_ID}`;

describe('the questionnaire builder', () => {
  it('adds questions (the live list follows), puts the server’s refusal on the field it names, and says saved only once the server accepted', async () => {
    let saves = 0;
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === `${formPath}/versions`) return [200, [V2, V1]];
      if (method === 'PUT' && url.pathname === formPath) {
        saves += 1;
        return saves === 1
          ? [
              400,
              {
                ...errorBody(400, 'fields.1.key: Another field has the same key'),
                fields: { 'fields.1.key': 'Another field has the same key' },
              },
            ]
          : [200, { ...V2, id: 'bbbbbbbb-0000-4000-8000-000000000003', version: 3 }];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<IntakeFormBuilder state={STATE} />);

    expect(screen.getByText(/No questions: once paid, the work/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const first = screen.getByRole('listitem', { name: 'Question 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Label' }), 'Target market');
    expect(within(first).getByRole('textbox', { name: /Key/ })).toHaveValue('targetMarket');

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const second = screen.getByRole('listitem', { name: 'Question 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Label' }), 'Goal');
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Type' }),
      'Select (one option)',
    );
    await user.type(
      within(second).getByRole('textbox', { name: /Options/ }),
      'Traffic{enter}Leads',
    );

    const outline = screen.getByRole('region', { name: 'The questions, in order' });
    expect(
      within(outline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Target market (Short text)', 'Goal (Select (one option))']);

    // Moving the second question up reorders the live list.
    await user.click(screen.getByRole('button', { name: 'Move Goal up' }));
    expect(within(outline).getAllByRole('listitem')[0]).toHaveTextContent('Goal');
    await user.click(screen.getByRole('button', { name: 'Move Goal down' }));

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const keyField = within(screen.getByRole('listitem', { name: 'Question 2' })).getByRole(
      'textbox',
      { name: /Key/ },
    );
    expect(await screen.findAllByText('Another field has the same key')).not.toHaveLength(0);
    expect(keyField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/The questionnaire is saved/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('The questionnaire is saved (version 3)')).toBeInTheDocument();
    const put = calls.filter((call) => call.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({
      fields: [
        {
          key: 'targetMarket',
          type: 'shortText',
          label: 'Target market',
          required: false,
          help: '',
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
      ],
    });
  });

  it('catches a select without options before sending anything', async () => {
    const calls = fakeApi(({ method, url }) =>
      method === 'GET' && url.pathname === `${formPath}/versions` ? [200, [V2, V1]] : undefined,
    );
    const { user } = renderWithProviders(<IntakeFormBuilder state={STATE} />);
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const first = screen.getByRole('listitem', { name: 'Question 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Label' }), 'Goal');
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Type' }),
      'Select (one option)',
    );
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(
      await within(first).findByText('A select field needs at least one option'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('lists the versions with who saved them, and restores an earlier one after confirming', async () => {
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === `${formPath}/versions`) return [200, [V2, V1]];
      if (method === 'POST' && url.pathname === `${formPath}/versions/${V1.id}/restore`) {
        return [200, { ...V1, id: 'bbbbbbbb-0000-4000-8000-000000000003', version: 3 }];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<IntakeFormBuilder state={STATE} />);

    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText(/Version 2: 0 questions/)).toHaveTextContent(
      'by grace@example.test (current)',
    );
    expect(within(history).getByText(/Version 1: 1 questions/)).toHaveTextContent(
      'by the demo content',
    );
    await user.click(within(history).getByRole('button', { name: 'Restore version 1' }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));

    expect(
      await screen.findByText('Version 1 is restored as the newest version'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
    // The editor now holds the restored questions.
    expect(
      within(screen.getByRole('listitem', { name: 'Question 1' })).getByRole('textbox', {
        name: 'Label',
      }),
    ).toHaveValue('Your website');
  });
});
