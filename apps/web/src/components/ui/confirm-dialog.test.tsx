import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function DeleteOrder({ busy = false, onConfirm = vi.fn() }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Confirm Delete"
      message="Are you sure you want to delete order Glenfarclas 1998 for Ada Lovelace?"
      confirmLabel="Confirm"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

test('it asks the question in an alert dialog with Cancel and Confirm', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  render(<DeleteOrder onConfirm={onConfirm} />);
  const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
  expect(dialog).toHaveAccessibleDescription(
    'Are you sure you want to delete order Glenfarclas 1998 for Ada Lovelace?',
  );
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  // The caller closes it once the work is done.
  expect(screen.getByRole('alertdialog')).toBeInTheDocument();
});

test('Cancel closes it without confirming', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  render(<DeleteOrder onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
});

test('while busy the confirm button reads the busy label, is disabled, and Escape does not close', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  render(<DeleteOrder busy onConfirm={onConfirm} />);
  const confirm = screen.getByRole('button', { name: 'Deleting...' });
  expect(confirm).toBeDisabled();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
});

test('closing it puts focus back on the button that opened it', async () => {
  function LogoutEntry() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Logout
        </button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Are you sure?"
          message="You want to logout!"
          onConfirm={() => setOpen(false)}
        />
      </>
    );
  }

  const user = userEvent.setup();
  render(<LogoutEntry />);
  const opener = screen.getByRole('button', { name: 'Logout' });
  await user.click(opener);
  expect(screen.getByRole('alertdialog')).toContainElement(document.activeElement as HTMLElement);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(opener).toHaveFocus();
});
