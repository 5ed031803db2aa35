import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { SeoEditorPanel } from './seo-editor-panel';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The Page SEO form's fields that matter here, with the panel inside the form as the editor has it. */
function PageSeoForm() {
  const form = useForm({
    defaultValues: {
      page: '/pricing/',
      title: 'SEO packages',
      description: 'Compare our packages.',
    },
  });
  return (
    <FormProvider {...form}>
      <label>
        Title <input {...form.register('title')} />
      </label>
      <SeoEditorPanel section="seoPages" />
    </FormProvider>
  );
}

describe('SeoEditorPanel', () => {
  it('previews the result from the values as typed, the title template applied, with the page’s checks', async () => {
    fakeApi(({ url }) => {
      if (url.pathname === '/api/content') {
        return [
          200,
          {
            sections: { seo: [{ siteName: 'Agency', titleTemplate: '%s | Agency' }], seoPages: [] },
          },
        ];
      }
      if (url.pathname === '/api/admin/seo/pages/pricing') {
        return [
          200,
          {
            pageId: 'pricing',
            path: '/pricing/',
            name: 'Pricing',
            url: 'https://agency.example/pricing/',
            status: 200,
            title: 'SEO packages | Agency',
            description: 'Compare our packages.',
            score: 92,
            checks: [
              {
                id: 'h1',
                label: 'One H1 heading',
                status: 'pass',
                reason: 'The page has one H1.',
                weight: 12,
                details: [],
              },
            ],
          },
        ];
      }
      return undefined;
    });
    renderWithProviders(<PageSeoForm />);
    await waitFor(() =>
      expect(screen.getByTestId('snippet-title').textContent).toBe('SEO packages | Agency'),
    );
    expect(await screen.findByText('agency.example › pricing')).toBeTruthy();
    expect(screen.getByLabelText('Score 92 of 100')).toBeTruthy();
    expect(screen.getByText('The page has one H1.')).toBeTruthy();

    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(
      title,
      'Search Engine Optimisation Packages for Every Budget and Business',
    );
    // Typed, not saved: cut at 600px with the template, as a result would show it.
    expect(screen.getByTestId('snippet-title').textContent).toBe(
      'Search Engine Optimisation Packages for Every Budget and ...',
    );
  });
});
