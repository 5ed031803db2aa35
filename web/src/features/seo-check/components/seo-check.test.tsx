import { afterEach, describe, expect, it } from '@jest/globals';
import { type SeoCheckReport } from '@contracts/seo-check';
import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { SeoCheckForm } from './seo-check-form';
import { SeoCheckReportView } from './seo-check-report';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ID = '8d0f3a52-3c1e-4f7e-9a43-2b0a1e9f6c11';

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/seo-check" element={<SeoCheckForm />} />
      <Route path="/seo-check/:id" element={<p>Result page</p>} />
    </Routes>,
    { route: '/seo-check' },
  );
}

describe('the SEO check form', () => {
  it('sends the address and e-mail without the newsletter unless the box is ticked', async () => {
    const calls = fakeApi(() => [202, { id: ID, cached: false }]);
    const { user } = renderForm();
    const box = screen.getByLabelText('Also send me the newsletter');
    expect(box).not.toBeChecked();
    await user.type(screen.getByLabelText('Page to check'), 'shop.example/tables');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Check my page' }));
    expect(await screen.findByText('Result page')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toStrictEqual([
      { url: 'https://shop.example/tables', email: 'ada@example.test', subscribe: false },
    ]);
  });

  it('asks for the newsletter only with the box ticked', async () => {
    const calls = fakeApi(() => [202, { id: ID, cached: true }]);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Page to check'), 'https://shop.example/');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.click(screen.getByLabelText('Also send me the newsletter'));
    await user.click(screen.getByRole('button', { name: 'Check my page' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ subscribe: true });
  });

  it('sends nothing for an address that is not a web page', async () => {
    const calls = fakeApi(() => undefined);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Page to check'), 'ftp://files.example');
    await user.click(screen.getByRole('button', { name: 'Check my page' }));
    expect(
      await screen.findByText('Enter the address of a web page, like https://example.com'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the SEO check report', () => {
  it('shows what the page holds as text, never as markup', () => {
    const report: SeoCheckReport = {
      finalUrl: 'https://shop.example/',
      status: 200,
      responseMs: 120,
      score: 45,
      items: [
        {
          key: 'title',
          label: 'Title',
          outcome: 'warn',
          summary: 'The title is long.',
          why: 'Titles are cut.',
          weight: 10,
          points: 5,
          details: ['<img src=x onerror=alert(1)>'],
        },
      ],
    };
    const { container } = render(<SeoCheckReportView report={report} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByLabelText('Score 45 out of 100')).toBeInTheDocument();
    expect(screen.getByText('5 of 10 points')).toBeInTheDocument();
  });
});
