import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type Database } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { admins } from '../../apps/api/src/db/schema/admins.ts';
import { ARGON2_OPTIONS } from '../../apps/api/src/lib/password.ts';
import { BULK_SEEDER_VERSION, seedBulk } from '../../apps/api/src/db/seed/bulk-seed.service.ts';
import { repoRoot } from './api-server.ts';

export const BENCH_ADMIN = {
  email: 'bench-admin@cask-admin.local',
  password: 'bench password 2024',
  fullName: 'Bench Admin',
};

/** Creates the database named in the URL on its server when it is missing. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unusable database name "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

interface SeedMarker {
  seeder: number;
  customers: number;
  seed: number;
  migration: string;
}

function latestMigrationTag(): string {
  const journal = JSON.parse(
    readFileSync(path.join(repoRoot, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? 'none';
}

async function readMarker(database: Database): Promise<SeedMarker | null> {
  const result = await database.db.execute(
    sql`select shobj_description(oid, 'pg_database') as marker from pg_database where datname = current_database()`,
  );
  const rows = rowsOf<{ marker: string | null }>(result);
  const text = rows[0]?.marker;
  if (!text) return null;
  try {
    return JSON.parse(text) as SeedMarker;
  } catch {
    return null;
  }
}

async function writeMarker(database: Database, marker: SeedMarker): Promise<void> {
  const text = JSON.stringify(marker).replaceAll("'", "''");
  const result = await database.db.execute(sql`select current_database() as name`);
  const rows = rowsOf<{ name: string }>(result);
  const name = rows[0]?.name ?? 'postgres';
  await database.db.execute(sql.raw(`comment on database "${name}" is '${text}'`));
}

/**
 * Migrates, then seeds `customers` in bulk unless this very data set (same seeder version, count,
 * seed and latest migration) is already there: a million rows are seeded once and reused. The
 * marker lives in the database's own comment, so it cannot drift from the data it describes.
 */
export async function prepareDatabase(
  options: { url: string } | { dataDir: string },
  customers: number,
  seed: number,
  log: (line: string) => void,
): Promise<{ reused: boolean; seconds: number }> {
  const database = await openDatabase(
    'url' in options ? { url: options.url, dataDir: 'unused' } : { dataDir: options.dataDir },
  );
  try {
    await migrate(database);
    const wanted: SeedMarker = {
      seeder: BULK_SEEDER_VERSION,
      customers,
      seed,
      migration: latestMigrationTag(),
    };
    const found = await readMarker(database);
    if (found && JSON.stringify(found) === JSON.stringify(wanted)) {
      log(`  reusing the ${customers.toLocaleString('en-US')} customers already seeded`);
      return { reused: true, seconds: 0 };
    }
    log(`  seeding ${customers.toLocaleString('en-US')} customers (once; later runs reuse them)`);
    const started = Date.now();
    await seedBulk(database, { customers, seed, replace: true, log });
    await writeMarker(database, wanted);
    const seconds = (Date.now() - started) / 1000;
    log(`  seeded in ${seconds.toFixed(0)} s`);
    return { reused: false, seconds };
  } finally {
    await database.close();
  }
}

/**
 * The admin the run signs in as. The hash uses the API's own argon2id parameters (OWASP's
 * minimum), which travel inside the hash: the sign-in measured costs what a real admin's does.
 */
export async function ensureBenchAdmin(options: { url: string } | { dataDir: string }) {
  const database = await openDatabase(
    'url' in options ? { url: options.url, dataDir: 'unused' } : { dataDir: options.dataDir },
  );
  try {
    const passwordHash = await hash(BENCH_ADMIN.password, ARGON2_OPTIONS);
    const [existing] = await database.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, BENCH_ADMIN.email));
    if (existing) {
      await database.db
        .update(admins)
        .set({ passwordHash, isActive: true })
        .where(eq(admins.id, existing.id));
      return existing.id;
    }
    const [created] = await database.db
      .insert(admins)
      .values({ email: BENCH_ADMIN.email, fullName: BENCH_ADMIN.fullName, passwordHash })
      .returning({ id: admins.id });
    if (!created) throw new Error('could not create the bench admin');
    return created.id;
  } finally {
    await database.close();
  }
}
