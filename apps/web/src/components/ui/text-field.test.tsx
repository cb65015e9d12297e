import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { PasswordField, TextField } from './text-field.tsx';

test('a text field is named by its label and described by its hint and error', () => {
  render(<TextField label="Email" hint="We never share it." error="Email is required" />);
  const input = screen.getByRole('textbox', { name: 'Email' });
  expect(input).toHaveAccessibleDescription('Email is required We never share it.');
  expect(input).toBeInvalid();
});

test('a password field is named by its label and described by its hint and error', () => {
  render(
    <PasswordField label="New Password" hint="8 to 10 characters." error="Minimum 8 characters" />,
  );
  const input = screen.getByLabelText('New Password');
  expect(input).toHaveAccessibleDescription('Minimum 8 characters 8 to 10 characters.');
});

test('the password toggle is a named button that shows and hides the password', async () => {
  const user = userEvent.setup();
  render(<PasswordField label="Password" />);
  const input = screen.getByLabelText('Password');
  expect(input).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(input).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
