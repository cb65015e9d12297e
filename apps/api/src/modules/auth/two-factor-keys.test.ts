import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminRecoveryCodes } from '../../db/schema/two-factor.ts';
import {
  createAdmin,
  enableTotp,
  postSecondFactor,
  recoveryCodeDigests,
  secondFactorChallenge,
} from '../../../test/support/sign-in.ts';
import { sha256 } from '../../../test/support/hashing.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { prepareTwoFactorKeys } from './two-factor-keys.ts';

// The TOTP key checked at start, recovery codes under a keyed digest (issue 40, items 12 and 16;
// docs/decisions/298 and 299).

const ctx = useTestContext();

test('recovery codes are stored under a keyed digest, never their plain SHA-256', async () => {
  const admin = await createAdmin(ctx);
  const codes = (await enableTotp(ctx, admin)).recoveryCodes;
  const stored = await recoveryCodeDigests(ctx, admin.id);
  expect(stored).toHaveLength(10);
  for (const code of codes) expect(stored).not.toContain(sha256(code.replace('-', '')));
  expect(
    (
      await postSecondFactor(ctx, await secondFactorChallenge(ctx, admin), {
        recoveryCode: codes[0] ?? '',
      })
    ).statusCode,
  ).toBe(200);
});

test('codes stored as plain SHA-256 before are converted at start and keep working', async () => {
  const admin = await createAdmin(ctx);
  const codes = (await enableTotp(ctx, admin)).recoveryCodes;
  // As an earlier version stored them.
  await ctx.database.db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
  await ctx.database.db
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ adminId: admin.id, codeHash: sha256(code.replace('-', '')) })));

  expect(await prepareTwoFactorKeys(ctx.database.db, ctx.totpKey)).toEqual({ converted: 10 });
  const stored = await recoveryCodeDigests(ctx, admin.id);
  for (const code of codes) expect(stored).not.toContain(sha256(code.replace('-', '')));
  // Run again, nothing is left to convert.
  expect(await prepareTwoFactorKeys(ctx.database.db, ctx.totpKey)).toEqual({ converted: 0 });
  expect(
    (
      await postSecondFactor(ctx, await secondFactorChallenge(ctx, admin), {
        recoveryCode: codes[4] ?? '',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await postSecondFactor(ctx, await secondFactorChallenge(ctx, admin), {
        recoveryCode: codes[4] ?? '',
      })
    ).statusCode,
  ).toBe(400);
});

test('a TOTP key that does not open the stored keys stops the start with a clear message', async () => {
  const admin = await createAdmin(ctx);
  await enableTotp(ctx, admin);
  await expect(prepareTwoFactorKeys(ctx.database.db, randomBytes(32))).rejects.toThrow(
    /^TOTP_ENCRYPTION_KEY does not open the two-factor keys of \d+ of \d+ admins/,
  );
  // Nothing was converted under the wrong key: the right one still reads every code.
  await expect(prepareTwoFactorKeys(ctx.database.db, ctx.totpKey)).resolves.toEqual({
    converted: 0,
  });
});
