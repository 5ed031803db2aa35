import { afterEach, describe, expect, it } from '@jest/globals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { errorBody, fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { keepPageInRange, type ListPage, PagedTable, type PagedTableProps } from './paged-table';

interface Planet {
  id: string;
  name: string;
  moons: number;
}

const PLANETS: Planet[] = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter'].map((name, index) => ({
  id: `planet-${index + 1}`,
  name,
  moons: [0, 0, 1, 2, 95][index]!,
}));

/** A fake API over `planets`: pages of GET /api/planets as a server cuts them. */
function servePlanets(planets: Planet[]) {
  return fakeApi(({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const items = planets.slice((page - 1) * pageSize, page * pageSize);
    return [200, { items, total: planets.length, page, pageSize }];
  });
}

type Options = Partial<Omit<PagedTableProps<Planet>, 'query' | 'page' | 'onPageChange'>>;

/** A screen as the app's are: the page in its state, the query of that page, the table. */
function Planets({
  startPage = 1,
  keepInRange = false,
  ...options
}: Options & { startPage?: number; keepInRange?: boolean }) {
  const [page, setPage] = useState(startPage);
  const pageSize = options.pageSize ?? 2;
  const query = useQuery({
    queryKey: ['planets', page, pageSize],
    queryFn: () => api.get<ListPage<Planet>>(`/api/planets?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
  if (keepInRange) keepPageInRange(page, setPage, query.data?.total, pageSize);
  return (
    <PagedTable
      query={query}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption="Planets"
      errorTitle="The planets"
      columns={[
        { header: 'No.', cell: (_, number) => number },
        { header: 'Name', rowHeader: true, cell: (planet) => planet.name },
        { header: 'Moons', className: 'moons', cell: (planet) => planet.moons },
        {
          header: 'Action',
          headerHidden: true,
          cell: (planet) => <a href={`#${planet.id}`}>Visit</a>,
        },
      ]}
      rowKey={(planet) => planet.id}
      emptyText="No planets yet."
      {...options}
    />
  );
}

const planetRequests = (calls: { url: URL }[]) => calls.map((call) => call.url.search);

describe('a paged table', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows a skeleton named after the table while the first page loads, and no table', async () => {
    // Never answered.
    fakeApi(() => new Promise<never>(() => undefined));
    renderWithProviders(<Planets />);

    const skeleton = screen.getByRole('status');
    expect(skeleton).toHaveTextContent('Loading Planets');
    expect(skeleton).toHaveTextContent('Planets');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message under the table's title when the page cannot be loaded, and Try again asks again", async () => {
    let fail = true;
    const calls = fakeApi(({ url }) =>
      fail
        ? [503, errorBody(503, 'The planets are out of orbit.')]
        : [
            200,
            {
              items: PLANETS.slice(0, 2),
              total: 5,
              page: 1,
              pageSize: Number(url.searchParams.get('pageSize')),
            },
          ],
    );
    const { user } = renderWithProviders(<Planets />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The planets could not be loaded.');
    expect(alert).toHaveTextContent('The planets are out of orbit.');
    expect(screen.queryByRole('table')).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Planets' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('says when there is nothing to list: under the headers, or alone in its place', async () => {
    servePlanets([]);
    const underHeaders = renderWithProviders(<Planets />);
    expect(await screen.findByText('No planets yet.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Planets' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    // One page or none: no paginator.
    expect(screen.queryByRole('navigation')).toBeNull();
    underHeaders.unmount();

    renderWithProviders(<Planets emptyAloneClassName="planets-empty" />);
    expect(await screen.findByText('No planets yet.')).toHaveClass('planets-empty');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a page of rows under its caption and headers, each cell from its column, numbered from 1', async () => {
    servePlanets(PLANETS);
    renderWithProviders(<Planets />);

    const table = await screen.findByRole('table', { name: 'Planets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toStrictEqual(['No.', 'Name', 'Moons', 'Action']);
    // The action column's title is for screen readers only.
    expect(within(table).getByText('Action')).toHaveClass('visually-hidden');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual(['1Mercury0Visit', '2Venus0Visit']);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Mercury');
    expect(within(rows[0]!).getByText('0', { selector: 'td' })).toHaveClass('moons');
    expect(within(rows[1]!).getByRole('link', { name: 'Visit' })).toHaveAttribute(
      'href',
      '#planet-2',
    );
    expect(screen.queryByText('No planets yet.')).toBeNull();
  });

  it('names each cell for the card its row becomes on a phone, and keeps the table roles', async () => {
    servePlanets(PLANETS);
    renderWithProviders(
      <Planets
        columns={[
          { header: 'No.', label: null, cell: (_, number) => number },
          { header: 'Name', rowHeader: true, cell: (planet) => planet.name },
          { header: 'Number of moons', label: 'Moons', cell: (planet) => planet.moons },
          { header: <abbr title="Distance">Dist.</abbr>, cell: () => 'far' },
          {
            header: 'Action',
            headerHidden: true,
            cell: (planet) => <a href={`#${planet.id}`}>Visit</a>,
          },
        ]}
      />,
    );

    const table = await screen.findByRole('table', { name: 'Planets' });
    // A table of cards (table.css), its parts' roles said explicitly: a changed `display` keeps them.
    expect(table).toHaveClass('data-table', 'data-table--cards');
    expect(table).toHaveAttribute('role', 'table');
    for (const group of table.querySelectorAll('thead, tbody')) {
      expect(group).toHaveAttribute('role', 'rowgroup');
    }
    for (const row of table.querySelectorAll('tr')) expect(row).toHaveAttribute('role', 'row');
    for (const header of table.querySelectorAll('thead th')) {
      expect(header).toHaveAttribute('role', 'columnheader');
    }

    const [mercury] = within(table).getAllByRole('row').slice(1);
    const cells = [...mercury!.querySelectorAll<HTMLElement>('td, th')];
    expect(cells.map((cell) => cell.getAttribute('role'))).toStrictEqual([
      'cell',
      'rowheader',
      'cell',
      'cell',
      'cell',
    ]);
    // The header's text by default, a short label instead, none where told, for a header that is
    // not text, or for the action column (its card-wide cell).
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toStrictEqual([
      null,
      'Name',
      'Moons',
      null,
      null,
    ]);
    expect(within(cells[4]!).getByRole('link', { name: 'Visit' })).toBeInTheDocument();
  });

  it('moves through the pages with its paginator, asking the server for each, numbering across pages', async () => {
    const calls = servePlanets(PLANETS);
    const { user } = renderWithProviders(<Planets />);

    const pages = await screen.findByRole('navigation', { name: 'Planets pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Jupiter')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Planets' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual(['5Jupiter95Visit']);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Earth')).toBeInTheDocument();
    expect(planetRequests(calls)).toStrictEqual([
      '?page=1&pageSize=2',
      '?page=3&pageSize=2',
      '?page=2&pageSize=2',
    ]);
  });

  it('says so for a page past the last one, when told how', async () => {
    servePlanets(PLANETS);
    renderWithProviders(
      <Planets
        startPage={4}
        pastLastPageText={(pageCount) => `There is no page 4: there are ${pageCount}.`}
      />,
    );
    expect(await screen.findByText('There is no page 4: there are 3.')).toBeInTheDocument();
    expect(screen.queryByText('No planets yet.')).toBeNull();
  });

  it('moves back to the last page there is once its page was emptied (keepPageInRange)', async () => {
    const planets = [...PLANETS];
    servePlanets(planets);
    const { user, queryClient } = renderWithProviders(<Planets keepInRange />);
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Jupiter')).toBeInTheDocument();

    // Jupiter leaves the list elsewhere; the list is asked again.
    planets.pop();
    await queryClient.invalidateQueries({ queryKey: ['planets'] });

    expect(await screen.findByText('Earth')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
  });
});
