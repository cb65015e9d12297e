import { z } from 'zod';
import { parseProxyTrust } from './lib/proxy-trust.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * docs/architecture.md#configuration: every setting comes from the environment and is parsed here,
 * once.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role that owns the tables, for the migrations and src/db/sql (issue 45,
   * docs/decisions/417); the app then connects as DATABASE_URL's user, granted what it needs.
   * Unset: DATABASE_URL does both, with a warning at start. Needs a DATABASE_URL with a user.
   */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * AES-256 key for the TOTP secrets at rest (64 hex characters or base64 of 32 bytes); generated
   * into DATA_DIR/totp-encryption-key when unset (issue 28).
   */
  TOTP_ENCRYPTION_KEY: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Cask Admin <no-reply@cask-admin.local>'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  ADMIN_NAME: z.string().min(1).max(100).optional(),
  SEED_DEMO: bool.default(false),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Sign-in throttle (docs/architecture.md#authentication, docs/decisions/132): failures of one
   * account from one address, and from one address, within the window; failures of one account
   * within the account window (this limit binds only addresses that have failed themselves); how
   * long a successful sign-in makes its address known (exempt from the address and account limits).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(100),
  LOGIN_ACCOUNT_WINDOW_HOURS: positiveInt.default(24),
  KNOWN_ADDRESS_DAYS: positiveInt.default(30),
  /** Wrong current passwords per admin within LOGIN_FAILURE_WINDOW_MINUTES, then 429. */
  CHANGE_PASSWORD_MAX_FAILURES: positiveInt.default(5),
  /**
   * Seconds in which a just-rotated refresh token still answers with its successor (two tabs
   * refreshing together) instead of counting as reuse (docs/decisions/130). 0: strict.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * How long a proof of identity (a sign-in or a step-up confirmation) covers the changes that ask
   * for a recent one (docs/architecture.md#step-up): 10 minutes. The end-to-end step-up test's own
   * server shortens it to 30 s so the test outwaits it (docs/decisions/358, 392).
   */
  STEP_UP_WINDOW_SECONDS: positiveInt.max(86_400).default(600),
  /** Flood guard: requests per IP and minute for routes without their own limit. */
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** Concurrent argon2 hashes; more wait in line (bounds memory and CPU). */
  PASSWORD_HASH_CONCURRENCY: positiveInt.default(4),
  /** Public base URL used in links and mails; defaults to http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Whether a proxy in front may say who the client is (X-Forwarded-For) and which request id a
   * request has (X-Request-Id): `false`, `true` or a list of addresses/CIDRs (lib/proxy-trust.ts).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, context) => {
      try {
        return parseProxyTrust(text);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be true, false or a list of addresses/CIDRs (${(error as Error).message})`,
        });
        return z.NEVER;
      }
    }),
  /** Prometheus metrics on their own listener; unset: no metrics listener (lib/metrics.ts). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Seconds between SIGTERM and closing the listener, in which /api/ready answers 503 so a load
   * balancer stops sending new requests while this instance still answers them.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /**
   * A CSV download whose client takes nothing for this many seconds is cut: on PostgreSQL it
   * holds a connection and a snapshot while it runs (docs/decisions/279).
   */
  EXPORT_STALL_SECONDS: positiveInt.max(3600).default(120),
  /** Where the built web app lives; served with history fallback when present. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Empty strings count as unset, so `.env` lines like `SMTP_URL=` are harmless. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const { DATABASE_URL: app, MIGRATION_DATABASE_URL: owner } = parsed.data;
  if (owner !== undefined && (app === undefined || new URL(app).username === '')) {
    throw new Error(
      'Invalid configuration:\n  MIGRATION_DATABASE_URL: needs a DATABASE_URL that names the user the app connects as',
    );
  }
  return parsed.data;
}

/**
 * Where the migrations and src/db/sql are applied (docs/decisions/417): MIGRATION_DATABASE_URL
 * (the tables' owner), else DATABASE_URL (else PGlite: undefined); and the app's role to grant
 * to: DATABASE_URL's user, when another user migrates.
 */
export function migrationConnection(config: Config): {
  url: string | undefined;
  appRole: string | undefined;
} {
  const { DATABASE_URL: app, MIGRATION_DATABASE_URL: owner } = config;
  if (owner === undefined || app === undefined) return { url: app, appRole: undefined };
  const user = (url: string) => decodeURIComponent(new URL(url).username);
  return { url: owner, appRole: user(app) === user(owner) ? undefined : user(app) };
}
