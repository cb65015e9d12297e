import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';

// Its own file, not app.ts: every module's routes take it, and app.ts imports every module's
// routes, so declaring it there made each module and app.ts import each other.

/** Everything a module needs; passed explicitly so tests can build the app on any database. */
export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** AES-256 key of the TOTP secrets (lib/secrets.ts resolveTotpKey). */
  totpKey: Buffer;
  mailer: Mailer;
  /** pino instance from lib/logger.ts (tests give one that writes to memory). */
  logger: Logger;
}
