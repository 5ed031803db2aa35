import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { SkeletonTable } from './skeleton';
import { DataTable } from './table';

describe('a data table', () => {
  it('is a table of cards on a phone by default, its role said explicitly', () => {
    render(
      <DataTable className="orders">
        <caption>Orders</caption>
        <tbody role="rowgroup">
          <tr role="row">
            <td role="cell" data-label="Status">
              Paid
            </td>
          </tr>
        </tbody>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(table).toHaveClass('data-table', 'data-table--cards', 'orders');
    expect(table).toHaveAttribute('role', 'table');
    expect(screen.getByRole('cell', { name: 'Paid' })).toHaveAttribute('data-label', 'Status');
  });

  it('keeps its shape on a phone when told (phone="scroll"), scrolling in its box', () => {
    render(
      <DataTable phone="scroll">
        <caption>Recipients</caption>
        <tbody>
          <tr>
            <th scope="row">Sent</th>
            <td>3</td>
          </tr>
        </tbody>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Recipients' });
    expect(table).toHaveClass('data-table');
    expect(table).not.toHaveClass('data-table--cards');
    expect(table).not.toHaveAttribute('role');
    expect(table.parentElement).toHaveClass('data-table__scroll');
  });
});

describe('a table skeleton', () => {
  it('gives its rows their columns through --skeleton-columns (a phone shows two a line)', () => {
    render(<SkeletonTable label="Loading the orders" title="Orders" rows={2} columns={5} />);
    const skeleton = screen.getByRole('status');
    expect(skeleton).toHaveTextContent('Loading the orders');
    const rows = skeleton.querySelectorAll<HTMLElement>('.skeleton-table__row');
    // The column titles' row, then a row per row to come.
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.style.getPropertyValue('--skeleton-columns')).toBe('5');
      expect(row.querySelectorAll('.skeleton')).toHaveLength(5);
    }
  });
});
