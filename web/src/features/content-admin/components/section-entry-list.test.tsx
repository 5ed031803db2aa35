import { findSection } from '@contracts/content';
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { SectionEntryList } from './section-entry-list';

describe("a collection's entries", () => {
  it('name each cell for the card its row becomes on a phone, the actions spanning it', () => {
    const pricing = findSection('pricing')!;
    renderWithProviders(
      <SectionEntryList
        section={pricing}
        entries={[
          {
            _id: 'basic',
            packageName: 'Basic',
            packagePrice: '149',
            billing: 'Monthly',
            packageButtonText: 'Order Now',
          },
        ]}
      />,
    );

    const table = screen.getByRole('table', { name: 'Pricing Packages' });
    expect(table).toHaveClass('data-table--cards');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    // Each field's label; none for the actions.
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toStrictEqual([
      'Package Name',
      'Package Price',
      // The admins see at a glance which packages bill monthly.
      'Billing',
      null,
    ]);
    expect(within(cells[3]!).getByRole('link', { name: 'Edit Package' })).toBeInTheDocument();
    expect(within(cells[3]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
