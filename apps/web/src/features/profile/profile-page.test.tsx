import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import {
  apiError,
  holdRequests,
  http,
  moragAdmin,
  seedApi,
  server,
  UPLOADED_AVATAR as AVATAR_URL,
} from '@/testing/api.ts';
import { profileApi } from '@/testing/handlers/auth.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { pngFile } from '@/testing/files.ts';
import { profileQueryKey } from '@/lib/current-admin.ts';

afterEach(() => {
  toast.remove();
});

test('the profile is read-only until Edit Profile, with the role under the avatar', async () => {
  profileApi();
  const { user } = await renderApp({ route: '/setting/profile', profile: null });

  const name = await screen.findByLabelText('Name');
  expect(name).toHaveValue('Morag Campbell');
  expect(name).toHaveAttribute('readonly');
  expect(screen.getByLabelText('E-mail')).toHaveValue('morag@example.com');
  // The phone field's code loads beside the profile (decision 125).
  expect(await screen.findByLabelText('Country')).toBeDisabled();
  expect(screen.getByLabelText('Phone Number')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Country')).toHaveValue('us');
  expect(screen.getByText('Admin', { selector: 'main p, section p' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save Info' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Change avatar' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

  expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Phone Number')).not.toHaveAttribute('readonly');
  expect(screen.getByRole('button', { name: 'Save Info' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change avatar' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
});

test('saving uploads the chosen avatar first, then saves the profile, and the header follows', async () => {
  const api = profileApi();
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

  const name = screen.getByLabelText('Name');
  await user.clear(name);
  await user.type(name, 'Morag Campbell-Reid');
  await user.type(screen.getByLabelText('Phone Number'), '5551234567');
  expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 (555) 123-4567');
  await user.upload(screen.getByLabelText('Avatar image'), pngFile({ name: 'me.png' }));
  // The chosen picture is previewed (the image inside the button is decorative: alt '').
  expect(
    screen.getByRole('button', { name: 'Change avatar' }).querySelector('img'),
  ).toHaveAttribute('src', 'blob:avatar-preview');

  // Hold the save so the busy state can be seen.
  const release = holdRequests('put', '/api/auth/profile');
  await user.click(screen.getByRole('button', { name: 'Save Info' }));

  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(screen.getByText('Saving your profile...')).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  release();

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  const sent = api.state.requests;
  const upload = sent.find((request) => request.path === '/api/auth/upload-avatar');
  const save = sent.find((request) => request.method === 'PUT');
  expect(sent.indexOf(upload!)).toBeLessThan(sent.indexOf(save!));
  expect(upload?.body).toBeInstanceOf(FormData);
  expect((upload?.body as FormData).get('avatar')).toBeInstanceOf(File);
  expect(save?.body).toEqual({
    fullName: 'Morag Campbell-Reid',
    email: 'morag@example.com',
    phone: '+15551234567',
    role: 'admin',
    avatar: AVATAR_URL,
  });

  // Back to read-only, the chosen file cleared, the header showing the new name and picture.
  expect(await screen.findByRole('button', { name: 'Edit Profile' })).toHaveFocus();
  expect(screen.getByLabelText('Name')).toHaveValue('Morag Campbell-Reid');
  expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
  const banner = screen.getByRole('banner');
  expect(within(banner).getByText('Welcome, Morag Campbell-Reid')).toBeInTheDocument();
  expect(
    within(banner).getByRole('link', { name: 'MC, your profile' }).querySelector('img'),
  ).toHaveAttribute('src', AVATAR_URL);
  expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', AVATAR_URL);
});

test('without a new file the profile is saved with the avatar it had, and an untouched phone as empty', async () => {
  const { sent } = profileApi(AVATAR_URL);
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await user.click(screen.getByRole('button', { name: 'Save Info' }));

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(sent('POST', '/api/auth/upload-avatar')).toHaveLength(0);
  expect(sent('PUT', '/api/auth/profile')[0]?.body).toMatchObject({
    phone: '',
    avatar: AVATAR_URL,
  });
});

test('removing the avatar saves null, which brings the placeholder back', async () => {
  const { sent } = profileApi(AVATAR_URL);
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await user.click(screen.getByRole('button', { name: 'Remove avatar' }));
  await user.click(screen.getByRole('button', { name: 'Save Info' }));

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(sent('PUT', '/api/auth/profile')[0]?.body).toMatchObject({ avatar: null });
});

test('a file that is not an image is refused with a message and never uploaded', async () => {
  const { sent } = profileApi();
  const { user } = await renderApp({
    route: '/setting/profile',
    profile: null,
    applyAccept: false,
  });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

  await user.upload(
    screen.getByLabelText('Avatar image'),
    new File(['just text'], 'notes.txt', { type: 'text/plain' }),
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid image file');

  await user.upload(
    screen.getByLabelText('Avatar image'),
    new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
  );
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Only PNG, JPEG, WebP or GIF images are allowed',
  );

  await user.click(screen.getByRole('button', { name: 'Save Info' }));
  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(sent('POST', '/api/auth/upload-avatar')).toHaveLength(0);
});

test('a failed upload says so, saves nothing and stays editable', async () => {
  const { sent } = profileApi();
  server.use(http.post('/api/auth/upload-avatar', () => apiError(413, 'The image is too large')));
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await user.upload(screen.getByLabelText('Avatar image'), pngFile({ name: 'me.png' }));
  await user.click(screen.getByRole('button', { name: 'Save Info' }));

  expect(await screen.findByText('Failed to upload avatar. Please try again.')).toBeInTheDocument();
  expect(sent('PUT', '/api/auth/profile')).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Save Info' })).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
});

test('a refused save shows the first error and stays editable; without errors, the screen’s text', async () => {
  let answer = () =>
    apiError(400, 'Name is required', {
      errors: [{ field: 'fullName', message: 'Name is required' }],
    });
  profileApi();
  server.use(http.put('/api/auth/profile', () => answer()));
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await user.clear(screen.getByLabelText('Name'));
  await user.click(screen.getByRole('button', { name: 'Save Info' }));

  await waitFor(() =>
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required'),
  );
  // Once under the field, once in the toast.
  expect(screen.getAllByText('Name is required')).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Save Info' })).toBeInTheDocument();

  answer = () => apiError(500, 'Database on fire');
  toast.remove();
  await user.type(screen.getByLabelText('Name'), 'Morag');
  await user.click(screen.getByRole('button', { name: 'Save Info' }));
  expect(
    await screen.findByText('Failed to update profile. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveValue('Morag');
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
});

test('Cancel drops the edits and the chosen file', async () => {
  const api = profileApi();
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await user.type(screen.getByLabelText('Name'), ' Jr');
  await user.upload(screen.getByLabelText('Avatar image'), pngFile({ name: 'me.png' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));

  expect(screen.getByLabelText('Name')).toHaveValue('Morag Campbell');
  // The placeholder (initials) is back instead of the chosen picture.
  expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveTextContent('MC');
  expect(api.state.requests.every((request) => request.method === 'GET')).toBe(true);
});

test('Back returns to the settings', async () => {
  profileApi();
  const { router, user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/setting');
});

test('a background refresh of the profile never overwrites what the admin is typing', async () => {
  const { state } = seedApi({ profile: { ...moragAdmin, phone: '+14155550100' } });
  const { user, queryClient } = await renderApp({ route: '/setting/profile', profile: null });

  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  const name = screen.getByLabelText('Name');
  await user.clear(name);
  await user.type(name, 'Morag C. Campbell');

  // Another tab renamed the admin meanwhile; the screen refetches (e.g. on window focus).
  state.profile = { ...state.profile, fullName: 'Someone Else' };
  await queryClient.refetchQueries({ queryKey: profileQueryKey });
  await waitFor(() =>
    expect(queryClient.getQueryData<{ fullName: string }>(profileQueryKey)?.fullName).toBe(
      'Someone Else',
    ),
  );

  expect(screen.getByLabelText('Name')).toHaveValue('Morag C. Campbell');
  expect(screen.getByRole('button', { name: 'Save Info' })).toBeInTheDocument();
});

/** Opens the profile for editing and gives the phone number the admin saves after `typing`. */
async function savedPhoneAfter(typing: (user: UserEvent, phone: HTMLElement) => Promise<void>) {
  const { sent } = profileApi();
  const { user } = await renderApp({ route: '/setting/profile', profile: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  const phone = await screen.findByLabelText('Phone Number');
  await typing(user, phone);
  const country = (screen.getByLabelText('Country') as HTMLSelectElement).value;
  await user.click(screen.getByRole('button', { name: 'Save Info' }));
  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  const [save] = sent('PUT', '/api/auth/profile');
  return { country, phone: (save?.body as { phone: string }).phone };
}

test('digits typed after clearing the dial code stay in the chosen country', async () => {
  // Issue 27: clearing '+1' and typing 2025550147 used to save +20 255 501 47 (Egypt).
  const saved = await savedPhoneAfter(async (user, phone) => {
    await user.clear(phone);
    await user.type(phone, '2025550147');
    expect(phone).toHaveValue('+1 (202) 555-0147');
  });
  expect(saved).toEqual({ country: 'us', phone: '+12025550147' });
});

test('a country the admin picks is kept, even when another of its dial code would match', async () => {
  const saved = await savedPhoneAfter(async (user, phone) => {
    await user.selectOptions(screen.getByLabelText('Country'), 'ca');
    await user.type(phone, '2025550147');
  });
  expect(saved).toEqual({ country: 'ca', phone: '+12025550147' });
});

test('a picked country keeps its dial code when the field is cleared and typed again', async () => {
  const british = await savedPhoneAfter(async (user, phone) => {
    await user.selectOptions(screen.getByLabelText('Country'), 'gb');
    await user.clear(phone);
    await user.type(phone, '7700900123');
  });
  expect(british).toEqual({ country: 'gb', phone: '+447700900123' });
});

test('a number typed with a + names its own country', async () => {
  const saved = await savedPhoneAfter(async (user, phone) => {
    await user.clear(phone);
    await user.type(phone, '+447700900123');
  });
  expect(saved).toEqual({ country: 'gb', phone: '+447700900123' });
});
