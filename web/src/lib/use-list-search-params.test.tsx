import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../testing/render';
import {
  listFilter,
  readListSearch,
  useListSearchParams,
  writeListSearch,
} from './use-list-search-params';

const STATUSES = ['Paid', 'UnPaid'] as const;
const readers = {
  q: listFilter.text,
  status: listFilter.oneOf(STATUSES),
  from: listFilter.day,
};

/** A list's controls and where the address is. */
function List() {
  const { page, filters, setPage, setFilters } = useListSearchParams(readers);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="state">{JSON.stringify({ page, ...filters })}</p>
      <p data-testid="address">{location.search}</p>
      <button onClick={() => setPage(page + 1)}>Next</button>
      <button onClick={() => setPage(1, { replace: true })}>First (replace)</button>
      <button onClick={() => setFilters({ status: 'Paid' })}>Paid</button>
      <button onClick={() => setFilters({ q: '  ada ' })}>Search</button>
      <button onClick={() => setFilters({ status: undefined, q: '' })}>Clear</button>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '') as unknown;
const address = () => screen.getByTestId('address').textContent;

describe('readListSearch / writeListSearch', () => {
  it('reads the allowed values, page 1 by default, and ignores the rest', () => {
    const search = new URLSearchParams('q=%20x%20&status=Lost&from=2026-13&page=-2&other=1');
    expect(readListSearch(search, readers)).toEqual({ page: 1, filters: { q: 'x' } });
    expect(readListSearch(new URLSearchParams('status=Paid&page=3'), readers)).toEqual({
      page: 3,
      filters: { status: 'Paid' },
    });
  });

  it('writes the filters in order, page after them, keeps other parameters, leaves page 1 out', () => {
    const next = writeListSearch(
      new URLSearchParams('utm=a&page=4&q=old'),
      readers,
      { status: 'UnPaid', q: 'new', from: 'bad' },
      1,
    );
    expect(next.toString()).toBe('q=new&status=UnPaid&utm=a');
    expect(writeListSearch(new URLSearchParams(), readers, {}, 2).toString()).toBe('page=2');
  });
});

describe('useListSearchParams', () => {
  it('starts from the address, pages and filters into it, and Back restores the list', async () => {
    const { user } = renderWithProviders(<List />, { route: '/list?status=UnPaid&page=2' });
    expect(state()).toEqual({ page: 2, status: 'UnPaid' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('?status=UnPaid&page=3');

    // A new filter starts again at page 1 and keeps the other filters.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('?q=ada&status=UnPaid');
    expect(state()).toEqual({ page: 1, q: 'ada', status: 'UnPaid' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(state()).toEqual({ page: 3, status: 'UnPaid' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(address()).toBe('');
    expect(state()).toEqual({ page: 1 });
  });

  it('replaces the history entry when told to', async () => {
    const { user } = renderWithProviders(<List />, { route: '/list' });
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('?status=Paid&page=2');
    await user.click(screen.getByRole('button', { name: 'First (replace)' }));
    expect(address()).toBe('?status=Paid');
    // Page 2 was replaced: Back reaches the entry before it (not page 2), then the unfiltered list.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('?status=Paid');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('');
  });
});
