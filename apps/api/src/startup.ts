import type { FastifyBaseLogger } from 'fastify';
import { createAdminInput } from '@cask/contracts/auth';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo-seed.service.ts';
import { BadRequestError } from './lib/errors.ts';
import { createPasswordHasher } from './lib/password.ts';
import { createAdminAccount } from './modules/auth/admin-account.service.ts';

export interface StartupContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}

/**
 * Work done once at start, after migrations: create the admin from ADMIN_* when missing
 * (never change an existing one) and fill an empty database with demo data when SEED_DEMO=true.
 */
export async function runStartupTasks(context: StartupContext): Promise<void> {
  await ensureAdminFromEnvironment(context);
  if (context.config.SEED_DEMO) await seedDemoIfEmpty(context.database, context.log);
}

/**
 * docs/architecture.md#configuration: ADMIN_EMAIL + ADMIN_PASSWORD (+ ADMIN_NAME) create that admin
 * if absent.
 */
export async function ensureAdminFromEnvironment({
  config,
  database,
  log,
}: StartupContext): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  if (!email && !password) return;
  if (!email || !password) {
    log.warn('ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no admin was created');
    return;
  }
  const input = createAdminInput.safeParse({
    fullName: config.ADMIN_NAME ?? 'Administrator',
    email,
    password,
  });
  if (!input.success) {
    // Configuration is already validated; this catches rules the contract adds (e.g. e-mail form).
    throw new Error(
      `Invalid ADMIN_* settings: ${input.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  const hasher = createPasswordHasher({ concurrency: config.PASSWORD_HASH_CONCURRENCY });
  const result = await createAdminAccount(
    { db: database.db, hasher },
    input.data,
    'environment',
  ).catch((error: unknown) => {
    // The one refusal besides the contract's: a password on the common list (docs/decisions/320).
    if (error instanceof BadRequestError) {
      throw new Error(`Invalid ADMIN_* settings: ADMIN_PASSWORD: ${error.message}`);
    }
    throw error;
  });
  if (result.created) {
    log.info(
      { adminId: result.admin.id, email: result.admin.email },
      'created the admin from ADMIN_EMAIL',
    );
  } else {
    log.info(
      { email: input.data.email },
      'the admin from ADMIN_EMAIL exists already; left unchanged',
    );
  }
}
