import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from 'vitest';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { fillLikeAClub, storedFileDigests, tableSnapshot } from '../../test/support/backups.ts';
import { sha256 } from '../../test/support/hashing.ts';
import { npmRun, scratchDir } from '../../test/support/processes.ts';

test('PGlite: npm run db:backup and db:restore round-trip every table, uploaded files included', async () => {
  const source = scratchDir('cask-backup-');
  const database = await openDatabase({ dataDir: source });
  const images = await fillLikeAClub(database);
  const before = await tableSnapshot(database);
  await database.close();
  expect(before['public.customers']?.rows).toBeGreaterThan(0);
  expect(before['public.files']?.rows).toBeGreaterThan(2);

  const file = path.join(scratchDir('cask-backup-'), 'club.dump');
  const backup = await npmRun('db:backup', [file], { DATA_DIR: source });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain(`Backed up the PGlite database to ${file}`);

  const target = scratchDir('cask-backup-');
  const restore = await npmRun('db:restore', [file], { DATA_DIR: target });
  expect(restore.code, restore.output).toBe(0);

  const restored = await openDatabase({ dataDir: target });
  try {
    expect(await tableSnapshot(restored)).toEqual(before);
    expect(await storedFileDigests(restored)).toEqual(expect.arrayContaining(images.map(sha256)));
  } finally {
    await restored.close();
  }

  // Never over a database: the restored one is not empty any more.
  const again = await npmRun('db:restore', [file], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.output).toContain('already holds a database: restore into an empty DATA_DIR');
}, 180_000);

test('a file that is not a backup is refused, and a PGlite backup is not restored into PostgreSQL', async () => {
  const junk = path.join(scratchDir('cask-backup-'), 'junk.dump');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(junk, 'hello');
  await expect(restoreDatabase({ dataDir: scratchDir('cask-backup-') }, junk)).rejects.toThrow(
    'is not a backup made by npm run db:backup',
  );
  const source = scratchDir('cask-backup-');
  const database = await openDatabase({ dataDir: source });
  await migrate(database);
  await database.close();
  const file = path.join(scratchDir('cask-backup-'), 'pglite.dump');
  await backupDatabase({ dataDir: source }, file);
  await expect(
    restoreDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', dataDir: 'unused' }, file),
  ).rejects.toThrow('is a backup of embedded PGlite: restore it with DATABASE_URL unset');
}, 120_000);

const serverUrl = process.env.TEST_DATABASE_URL;

test.runIf(serverUrl)(
  'PostgreSQL: pg_dump custom format round-trips into a scratch database, and a full one is refused',
  async () => {
    const names = [1, 2].map(() => `cask_backup_${randomBytes(5).toString('hex')}`);
    const urlOf = (name: string) => {
      const url = new URL(String(serverUrl));
      url.pathname = `/${name}`;
      return url.toString();
    };
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`create database ${name}`);
      const [sourceUrl, targetUrl] = names.map(urlOf) as [string, string];
      const database = await openDatabase({ url: sourceUrl, dataDir: 'unused' });
      const images = await fillLikeAClub(database);
      const before = await tableSnapshot(database);
      await database.close();

      const file = path.join(scratchDir('cask-backup-'), 'club.dump');
      expect(await backupDatabase({ url: sourceUrl, dataDir: 'unused' }, file)).toBe('postgres');
      await restoreDatabase({ url: targetUrl, dataDir: 'unused' }, file);
      const restored = await openDatabase({ url: targetUrl, dataDir: 'unused' });
      try {
        expect(await tableSnapshot(restored)).toEqual(before);
        expect(await storedFileDigests(restored)).toEqual(
          expect.arrayContaining(images.map(sha256)),
        );
      } finally {
        await restored.close();
      }
      await expect(restoreDatabase({ url: targetUrl, dataDir: 'unused' }, file)).rejects.toThrow(
        'The database is not empty',
      );
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
  180_000,
);
