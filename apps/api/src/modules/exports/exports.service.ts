import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  EXPORT_FILTERS,
  EXPORT_LINK_INVALID,
  EXPORTS_BUSY,
  type ExportFilters,
  type ExportList,
  type ExportState,
} from '@cask/contracts/exports';
import { writeAudit } from '../../db/audit.ts';
import { EXPORT_CONNECTIONS, type Database } from '../../db/client.ts';
import {
  copyCsvExport,
  csvExport,
  type ExportSource,
  type ExportSources,
} from '../../db/csv-export.ts';
import { ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import * as repo from './exports.repository.ts';

/** How long a download link stays valid: the browser follows it at once. */
export const EXPORT_LINK_SECONDS = 60;
export type { ExportSources };
export const EXPORT_NOT_FOUND = 'Export not found';
/**
 * Exports streaming at once in this process: on PostgreSQL each holds a connection of the
 * exports' pool from its first byte to its last (decision 279). One more is refused with a 503
 * (EXPORTS_BUSY), both when it is asked for and when its link is followed; the link stays valid.
 */
export const EXPORTS_AT_ONCE = EXPORT_CONNECTIONS;
const BUSY_RETRY_SECONDS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Caller {
  ip: string;
  userAgent: string | null;
}

/**
 * Issue 29: a list's whole CSV, with the filters it was asked with, streamed as it is read
 * (db/csv-export.ts: written by PostgreSQL's COPY where the database can stream one, in keyset
 * pages on PGlite, decision 279); the export is written to the audit log once the file has been
 * sent, or was cut short.
 */
export function createExportsService({
  database,
  sources,
}: {
  database: Database;
  sources: ExportSources;
}) {
  const { db } = database;
  let running = 0;
  /** `open` once counted: spends the link and starts the file. */
  async function streamExport(
    token: string,
    caller: Caller,
    uncount: () => void,
  ): Promise<{ list: ExportList; fileName: string; body: Readable }> {
    const spent = await repo.spendExportToken(db, hashToken(token));
    if (!spent) throw new ForbiddenError(EXPORT_LINK_INVALID);
    const list = spent.list as ExportList;
    const filters = EXPORT_FILTERS[list]?.safeParse(spent.query);
    if (!filters?.success || !(await repo.isAdminActive(db, spent.adminId))) {
      await repo.finishExport(db, spent.id, null);
      throw new ForbiddenError(EXPORT_LINK_INVALID);
    }
    const onEnd = async (rows: number, whole: boolean) => {
      uncount();
      await db.transaction(async (tx) => {
        await repo.finishExport(tx, spent.id, whole ? rows : null);
        await writeAudit(tx, {
          adminId: spent.adminId,
          action: 'list.exported',
          entity: 'export',
          entityId: spent.id,
          after: { list, filters: filters.data, rows, whole },
          ip: caller.ip,
          userAgent: caller.userAgent,
        });
      });
    };
    // One source per list, typed by it (ExportSources); the parsed filters are that list's.
    const source = sources[list] as ExportSource<ExportFilters<typeof list>>;
    const day = new Date().toISOString().slice(0, 10);
    // The screen's order (issue 29): every list's filters but the Audit Log's carry a sort.
    const view = {
      sort: 'sort' in filters.data ? filters.data.sort : undefined,
      searching: 'search' in filters.data && filters.data.search !== undefined,
    };
    // PostgreSQL writes the CSV itself (COPY); PGlite, which cannot stream one, is read in
    // keyset pages written here (decision 279).
    let body: Readable;
    if (database.copyOut) {
      try {
        body = await copyCsvExport(database.copyOut, source, filters.data, view.sort, onEnd);
      } catch (error) {
        await onEnd(0, false);
        throw error;
      }
    } else {
      body = Readable.from(csvExport(database, source, filters.data, view, onEnd), {
        objectMode: false,
      });
    }
    return { list, fileName: `${source.file}-${day}.csv`, body };
  }

  const refuseWhenBusy = () => {
    if (running >= EXPORTS_AT_ONCE)
      throw new ServiceUnavailableError(EXPORTS_BUSY, BUSY_RETRY_SECONDS);
  };
  return {
    /** Makes the single-use link of an export of `list` with `filters`. */
    async create(list: ExportList, filters: unknown, adminId: string) {
      refuseWhenBusy();
      const token = randomBytes(32).toString('base64url');
      const row = await repo.insertExport(db, {
        adminId,
        list,
        query: filters,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000),
      });
      return {
        id: row.id,
        url: `/exports/download?token=${token}`,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Spends a link and answers its file: a name and the CSV as a stream that reads on only when
     * the client has taken what came before (backpressure).
     */
    async open(
      token: string,
      caller: Caller,
    ): Promise<{ list: ExportList; fileName: string; body: Readable }> {
      refuseWhenBusy();
      // Counted from here (no await before) until the file has ended or failed to start.
      running += 1;
      let counted = true;
      const uncount = () => {
        if (counted) running -= 1;
        counted = false;
      };
      try {
        return await streamExport(token, caller, uncount);
      } catch (error) {
        uncount();
        throw error;
      }
    },

    async status(
      id: string,
      adminId: string,
    ): Promise<{ state: ExportState; rows: number | null }> {
      const row = await repo.findExport(db, id, adminId);
      if (!row) throw new NotFoundError(EXPORT_NOT_FOUND);
      const state: ExportState = row.finishedAt
        ? row.rows === null
          ? 'failed'
          : 'done'
        : row.startedAt
          ? 'running'
          : row.expiresAt.getTime() < Date.now()
            ? 'expired'
            : 'waiting';
      return { state, rows: row.rows };
    },
  };
}
