import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { admins } from '../../db/schema/admins.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { auditEntriesOf } from '../../../test/support/factories.ts';
import type { ProfileResponse } from '@cask/contracts/auth';
import { adminApi } from '../../../test/support/api.ts';
import { imageForm, solidPng } from '../../../test/support/images.ts';

const ctx = useTestContext();

/** What the screen sends: the profile as read, with the edited fields changed. */
function profileBody(admin: TestAdmin, changes: Record<string, unknown> = {}) {
  return {
    fullName: admin.fullName,
    email: admin.email,
    phone: '',
    role: 'admin',
    avatar: null,
    ...changes,
  };
}

test('an admin saves a new name and phone number and reads them back', async () => {
  const admin = await createAdmin(ctx, { fullName: 'Morag Campbell' });
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { fullName: '  Morag Campbell-Reid ', phone: '+447700900123' }),
  );

  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.message).toBe('Profile updated successfully!');
  expect(body.data.user).toMatchObject({
    id: admin.id,
    fullName: 'Morag Campbell-Reid',
    email: admin.email,
    phone: '+447700900123',
    role: 'admin',
    avatar: null,
  });
  expect((await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user).toEqual(
    body.data.user,
  );
});

test('saving the profile writes an audit entry with the values before and after', async () => {
  const admin = await createAdmin(ctx, { fullName: 'Fiona Ross' });
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { fullName: 'Fiona Ross-Dewar', phone: '15551234567' }),
  );
  expect(res.statusCode).toBe(200);

  const rows = await auditEntriesOf(ctx, {
    entityId: admin.id,
    action: 'admin.profile_updated',
  });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    adminId: admin.id,
    entity: 'admin',
    before: { fullName: 'Fiona Ross', phone: null, avatar: null },
    after: { fullName: 'Fiona Ross-Dewar', phone: '15551234567', avatar: null },
  });
});

test('an empty phone number clears the stored one', async () => {
  const admin = await createAdmin(ctx);
  await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { phone: '+15551234567' }),
  );
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { phone: '' }),
  );
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.phone).toBeNull();
});

test('the e-mail is read-only: a different one is refused with a field error and nothing changes', async () => {
  const admin = await createAdmin(ctx, { fullName: 'Callum Reid' });
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { fullName: 'Someone Else', email: 'other@example.com' }),
  );

  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    message: 'Email cannot be changed',
    errors: [{ field: 'email', message: 'Email cannot be changed' }],
  });
  const stored = (await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user;
  expect(stored.fullName).toBe('Callum Reid');
  expect(stored.email).toBe(admin.email);
});

test('the same e-mail in other letter case is not a change', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { email: admin.email.toUpperCase() }),
  );
  expect(res.statusCode).toBe(200);
});

test('an admin cannot change their own role', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { role: 'superadmin' }),
  );

  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([{ field: 'role', message: 'Role cannot be changed' }]);
  const [row] = await ctx.database.db
    .select({ role: admins.role })
    .from(admins)
    .where(eq(admins.id, admin.id));
  expect(row?.role).toBe('admin');
});

test.each([
  ['letters', '+1 555-CASK'],
  ['spaces and dashes', '+1 555 123-4567'],
  ['more than 15 digits', '+1234567890123456'],
  ['a plus sign in the middle', '12+345'],
])('a phone number with %s is refused with a field error', async (_what, phone) => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put('/api/auth/profile', profileBody(admin, { phone }));
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.errors[0].field).toBe('phone');
  expect(body.errors[0].message).toMatch(/digits only/);
  expect(
    (await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user.phone,
  ).toBeNull();
});

test('fifteen digits with a leading + are accepted', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { phone: '+123456789012345' }),
  );
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.phone).toBe('+123456789012345');
});

test('an empty name is refused with "Name is required"', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { fullName: '   ' }),
  );
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0]).toEqual({ field: 'fullName', message: 'Name is required' });
});

test('a name over 100 characters is refused', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { fullName: 'x'.repeat(101) }),
  );
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('fullName');
});

test('the avatar uploaded first is saved with the profile, and null brings the placeholder back', async () => {
  const admin = await createAdmin(ctx);
  const png = await solidPng({ r: 192, g: 146, b: 46 }, 64, 64);
  const uploaded = await adminApi(ctx, admin).post(
    '/api/auth/upload-avatar',
    imageForm(png, 'me.png'),
  );
  expect(uploaded.statusCode).toBe(200);
  const avatarUrl: string = uploaded.json().data.avatarUrl;
  expect(avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
  // docs/screens/settings.md#personal-information: uploading alone does not change the profile;
  // saving does.
  expect(
    (await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user.avatar,
  ).toBeNull();

  const saved = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { avatar: avatarUrl }),
  );
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data.user.avatar).toBe(avatarUrl);
  expect((await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user.avatar).toBe(
    avatarUrl,
  );

  const cleared = await adminApi(ctx, admin).put(
    '/api/auth/profile',
    profileBody(admin, { avatar: null }),
  );
  expect(cleared.json().data.user.avatar).toBeNull();
});

test.each([
  ['an external URL', 'https://evil.example/x.png'],
  ['a script URL', 'javascript:alert(1)'],
  ['an upload that does not exist', '/uploads/00000000-0000-4000-8000-000000000000'],
])('an avatar that is %s is refused with a field error', async (_what, avatar) => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).put('/api/auth/profile', profileBody(admin, { avatar }));
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('avatar');
  expect(
    (await adminApi(ctx, admin).data<ProfileResponse>('/api/auth/profile')).user.avatar,
  ).toBeNull();
});

test('the profile calls need a signed-in admin', async () => {
  const put = await ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    payload: {
      fullName: 'Nobody',
      email: 'nobody@example.com',
      phone: '',
      role: 'admin',
      avatar: null,
    },
  });
  expect(put.statusCode).toBe(401);
  expect(put.json().message).toContain('You are not authorized');

  const form = new FormData();
  form.append('avatar', new Blob([Buffer.from('x')], { type: 'image/png' }), 'x.png');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/upload-avatar',
    payload: form,
  });
  expect(upload.statusCode).toBe(401);
  expect(upload.json().message).toContain('You are not authorized');
});
