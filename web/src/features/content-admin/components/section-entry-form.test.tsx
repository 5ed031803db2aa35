import { SECTION_LIST, type SectionDef } from '@contracts/content';
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { entryFormValues } from './entry-values';
import { SectionEntryForm } from './section-entry-form';

function section(key: string): SectionDef {
  const found = SECTION_LIST.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no section ${key}`);
  return found;
}

function renderForm(def: SectionDef, save: (fields: Record<string, string>) => Promise<unknown>) {
  return renderWithProviders(
    <SectionEntryForm
      section={def}
      defaultValues={entryFormValues(def)}
      submitLabel={`Add ${def.label}`}
      loadingText="Adding…"
      save={save}
      successMessage={def.alerts.created}
      adding
    />,
  );
}

const about = section('about');
const pricing = section('pricing');

describe('SectionEntryForm', () => {
  it.each([about, pricing])("renders a labelled control for every field of '$key'", (def) => {
    renderForm(def, async () => undefined);
    for (const field of def.fields) {
      const control = screen.getByLabelText(field.label, { exact: true });
      expect(control).toHaveAttribute('name', field.name);
      if (field.required) expect(control).toHaveAttribute('aria-required', 'true');
      if (field.type === 'select') expect(control).toBeInstanceOf(HTMLSelectElement);
      if (field.type === 'longText') expect(control).toBeInstanceOf(HTMLTextAreaElement);
    }
  });

  it("submits the parsed values (trimmed, empty optional fields left out) and toasts the section's text", async () => {
    const save = jest.fn(async (_fields: Record<string, string>) => ({}));
    const { user } = renderForm(about, save);

    await user.type(screen.getByLabelText('About Image'), 'https://example.com/about.png');
    await user.type(screen.getByLabelText('About Heading'), '  We rank you higher  ');
    await user.type(screen.getByLabelText('About Text'), 'A small agency');
    await user.type(screen.getByLabelText('About Details'), 'Ten years of SEO.');
    await user.type(screen.getByLabelText('Point One'), 'Audits');
    await user.click(screen.getByRole('button', { name: 'Add About' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      aboutImgOne: 'https://example.com/about.png',
      aboutHeading: 'We rank you higher',
      aboutText: 'A small agency',
      aboutDetails: 'Ten years of SEO.',
      aboutPointone: 'Audits',
    });
    expect(await screen.findByText(about.alerts.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('About Heading')).toHaveValue(''));
  });

  it('checks the fields with the section schema before sending', async () => {
    const save = jest.fn(async (_fields: Record<string, string>) => ({}));
    const { user } = renderForm(pricing, save);

    await user.type(screen.getByLabelText('Package Price'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Add Pricing Packages' }));

    expect(await screen.findByText('Package Name is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Package Price')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on their fields", async () => {
    const save = jest.fn(async (_fields: Record<string, string>) => {
      throw new ApiError(400, 'Heading is already used', {
        aboutHeading: 'Heading is already used',
      });
    });
    const { user } = renderForm(about, save);

    await user.type(screen.getByLabelText('About Image'), 'https://example.com/about.png');
    await user.type(screen.getByLabelText('About Heading'), 'Rank higher');
    await user.type(screen.getByLabelText('About Text'), 'A small agency');
    await user.type(screen.getByLabelText('About Details'), 'Ten years of SEO.');
    await user.click(screen.getByRole('button', { name: 'Add About' }));

    const heading = screen.getByLabelText('About Heading');
    await waitFor(() => expect(heading).toHaveAttribute('aria-invalid', 'true'));
    expect(heading).toHaveAccessibleDescription('Heading is already used');
    expect(heading).toHaveFocus();
    expect(heading).toHaveValue('Rank higher');
    expect(screen.getByLabelText('About Text')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(about.alerts.created)).not.toBeInTheDocument();
  });
});
