import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

function NotificationRow() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Offer closing soon
      </button>
      <button type="button">Something after</button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Notification Details"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <p>The current Islay offer closes at the end of the week.</p>
      </Modal>
    </>
  );
}

test('it is a dialog named by its title, with a Close button', async () => {
  const user = userEvent.setup();
  render(<NotificationRow />);
  await user.click(screen.getByRole('button', { name: 'Offer closing soon' }));
  const dialog = screen.getByRole('dialog', { name: 'Notification Details' });
  expect(dialog).toContainElement(screen.getByRole('button', { name: 'Close' }));
});

test('Escape, Close and a footer button all put focus back on what opened it', async () => {
  const user = userEvent.setup();
  render(<NotificationRow />);
  const opener = screen.getByRole('button', { name: 'Offer closing soon' });

  await user.click(opener);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();

  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(opener).toHaveFocus();

  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  expect(opener).toHaveFocus();
});
