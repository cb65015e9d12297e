import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { backupDatabase } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database every test file starts from (decision 282): a PGlite data-directory
     * tarball's path, or the name of a template database on the TEST_DATABASE_URL server.
     */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

/**
 * Migrates one database before the test files run; each file's fresh database is a copy of it
 * (PGlite's `loadDataDir`, PostgreSQL's `CREATE DATABASE ... TEMPLATE`) instead of being
 * initialised and migrated again. Each file still runs `migrate` on its copy, as a start does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Migrated in a folder, then written as `npm run db:backup` writes it (a tarball).
    const folder = await mkdtemp(path.join(os.tmpdir(), 'cask-api-tests-'));
    const database = await openDatabase({ dataDir: folder });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    const file = path.join(folder, 'template.tar.gz');
    await backupDatabase({ dataDir: folder }, file);
    project.provide('databaseTemplate', { kind: 'pglite', file });
    return () => rm(folder, { recursive: true, force: true });
  }
  const name = `cask_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  project.provide('databaseTemplate', { kind: 'postgres', name });
  return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
