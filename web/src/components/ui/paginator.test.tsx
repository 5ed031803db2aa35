import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Paginator } from './paginator';

describe('Paginator', () => {
  it('shows Previous, every page number and Next, marks the current page, and asks for another', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(
      <Paginator page={2} pageCount={3} onPageChange={onPageChange} label="My Orders pages" />,
    );

    const nav = screen.getByRole('navigation', { name: 'My Orders pages' });
    expect(nav).toHaveTextContent('Previous123Next');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toStrictEqual([[3], [1], [3]]);
  });

  it('cannot go before the first page or past the last, and is not shown for one page', () => {
    const { rerender } = render(
      <Paginator page={1} pageCount={2} onPageChange={() => undefined} label="Orders pages" />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(
      <Paginator page={2} pageCount={2} onPageChange={() => undefined} label="Orders pages" />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(
      <Paginator page={1} pageCount={1} onPageChange={() => undefined} label="Orders pages" />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
