import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from './confirm-dialog';

function DeleteButton({ onDelete }: { onDelete: () => void }) {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('');
  const ask = async () => {
    const confirmed = await confirm({
      title: 'Delete “Basic” from Pricing Packages?',
      message: 'You can restore it from History.',
      confirmLabel: 'Delete',
    });
    setAnswer(confirmed ? 'confirmed' : 'cancelled');
    if (confirmed) onDelete();
  };
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        Delete
      </button>
      <p>{answer}</p>
      {dialog}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const onDelete = jest.fn();
  render(<DeleteButton onDelete={onDelete} />);
  const opener = screen.getByRole('button', { name: 'Delete' });
  await user.click(opener);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete “Basic” from Pricing Packages?' });
  return { user, onDelete, opener, dialog };
}

describe('the confirm dialog', () => {
  it('is a named, described modal dialog with focus on Cancel', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('You can restore it from History.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('goes ahead on its confirm button', async () => {
    const { user, onDelete, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('confirmed')).toBeInTheDocument();
  });

  it('cancels on Escape and gives focus back to the button that opened it', async () => {
    const { user, onDelete, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const { user, dialog } = await openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirmButton = within(dialog).getByRole('button', { name: 'Delete' });
    await user.tab();
    expect(confirmButton).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirmButton).toHaveFocus();
  });
});
