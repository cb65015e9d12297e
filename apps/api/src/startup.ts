import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

export interface StartupContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}

/**
 * Work done once at start, after migrations: create the admin from ADMIN_* when missing
 * (never change an existing one) and fill an empty database with demo data when SEED_DEMO=true.
 */
export async function runStartupTasks(_context: StartupContext): Promise<void> {
  // Filled in by the auth module (admin from environment) and the seed module (SEED_DEMO).
}
