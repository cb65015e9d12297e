import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { passwordResetCodes } from '../../src/db/schema/password-reset-codes.ts';
import type { TestContext } from './app.ts';
import { postAnonymous } from './requests.ts';
import type { TestAdmin } from './sign-in.ts';
import { resetCodeIn } from './smtp-sink.ts';

/** Ask for `admin`'s reset code (expect 200) and answer the code the e-mail carries. */
export async function requestResetCode(
  ctx: Pick<TestContext, 'app' | 'smtp'>,
  admin: TestAdmin,
): Promise<string> {
  const res = await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email });
  expect(res.statusCode).toBe(200);
  return (await resetCodeIn(ctx, admin.email)).code;
}

/** Make the reset requests for `email` `seconds` older, as if asked that long ago. */
export async function ageResetRequests(
  ctx: Pick<TestContext, 'database'>,
  email: string,
  seconds: number,
) {
  await ctx.database.db
    .update(passwordResetCodes)
    .set({ createdAt: sql`${passwordResetCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(passwordResetCodes.email, email));
}

/** A four-digit code that is not `code`. */
export function wrongResetCode(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}
