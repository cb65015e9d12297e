import type { CreateAdminInput } from '@cask/contracts/auth';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import * as admins from '../admins/admins.repository.ts';

export type CreateAdminResult =
  { created: true; admin: { id: string; email: string; fullName: string } } | { created: false };

/**
 * Creates an admin (start-up from ADMIN_*, `npm run admin:create`). An existing admin with the same
 * e-mail is never touched: not its password, not its name (docs/architecture.md#configuration).
 * Both make an Owner: whoever can reach the server's terminal or environment owns it
 * (docs/decisions/220).
 */
export async function createAdminAccount(
  deps: { db: Db; hasher: PasswordHasher },
  input: CreateAdminInput,
  source: 'environment' | 'cli',
): Promise<CreateAdminResult> {
  if (await admins.findAdminCredentialsByEmail(deps.db, input.email)) return { created: false };
  await refuseCommonPassword(input.password, 'password');
  const passwordHash = await deps.hasher.hash(input.password);
  return deps.db.transaction(async (tx): Promise<CreateAdminResult> => {
    // Several instances may start at once: the unique index decides, the losers change nothing.
    const admin = await admins.insertAdminIfAbsent(tx, {
      fullName: input.fullName,
      email: input.email,
      passwordHash,
      role: 'owner',
    });
    if (!admin) return { created: false };
    await writeAudit(tx, {
      adminId: null,
      action: 'admin.created',
      entity: 'admin',
      entityId: admin.id,
      after: { email: admin.email, fullName: admin.fullName, role: 'owner', source },
    });
    return { created: true, admin };
  });
}
