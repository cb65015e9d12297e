import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  EXPORT_ALREADY_RUNNING,
  EXPORT_LINK_INVALID,
  EXPORTS_BUSY,
  type ExportState,
} from '@cask/contracts/exports';
import { writeAudit } from '../../db/audit.ts';
import { EXPORT_CONNECTIONS, type Database } from '../../db/client.ts';
import { copyCsvExport, csvExport, type ExportSource } from '../../db/csv-export.ts';
import {
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../lib/errors.ts';
import * as repo from './exports.repository.ts';

/** How long a download link stays valid: the browser follows it at once. */
export const EXPORT_LINK_SECONDS = 60;
export const EXPORT_NOT_FOUND = 'Export not found';
/**
 * Exports streaming at once in this process: on PostgreSQL each holds a connection of the
 * exports' pool from its first byte to its last (decision 279). One more is refused with a 503
 * (EXPORTS_BUSY), both when it is asked for and when its link is followed; the link stays valid.
 */
export const EXPORTS_AT_ONCE = EXPORT_CONNECTIONS;
const BUSY_RETRY_SECONDS = 30;
/**
 * The slowest a download may go (issue 40, decision 303): 32 kB/s, a 256 kbit/s line. A download
 * that has taken less than this times EXPORT_STALL_SECONDS over the last EXPORT_STALL_SECONDS is
 * cut, as one that takes nothing at all is: a client reading a trickle would otherwise hold its
 * connection and snapshot for hours.
 */
export const EXPORT_MIN_BYTES_PER_SECOND = 32 * 1024;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Caller {
  ip: string;
  userAgent: string | null;
}

/** The access token that asks for an export: its session and token version. */
export interface Asker {
  adminId: string;
  sessionId: string | null;
  tokenVersion: number;
}

/**
 * Whether the session that asked for a link may still download it (issue 40, decision 304): the
 * admin active, the session not ended, its tokens not ended (logout everywhere, a password
 * change), and the two-factor policy not holding the admin. The authentication plugin asks the
 * same of every request; the link carries no token, so the download asks it here.
 */
function mayStillDownload(
  holder: repo.LinkHolder | undefined,
  link: { sessionId: string | null; tokenVersion: number | null },
): boolean {
  if (!holder?.isActive) return false;
  if (link.tokenVersion !== null && holder.tokenVersion !== link.tokenVersion) return false;
  if (link.sessionId !== null && !holder.sessionLive) return false;
  return !(holder.twoFactorRequired && !holder.hasSecondFactor);
}

/**
 * One list's export: its filters (the list's query without page and limit, `exportFilters` in
 * contracts/lists.ts) and its source (the list's repository).
 */
export interface ListExport<Filters extends object> {
  filters: z.ZodType<Filters>;
  source: ExportSource<Filters>;
}

/**
 * Every list's export by its name, each added by the list's own routes as they are declared
 * (`routeListExport`, decision 374): no table of the lists here.
 */
function createListExports() {
  const lists = new Map<string, ListExport<object>>();
  return {
    /**
     * Adds a list's export under its name (the list's routes, `routeListExport`); a second list
     * of the same name is refused, as its route would be.
     */
    add<Filters extends object>(name: string, listExport: ListExport<Filters>): void {
      if (lists.has(name)) throw new Error(`Two lists export as ${name}`);
      lists.set(name, listExport);
    },

    /** A list's export by its name: its filters and its source (whose table the tests read). */
    find(name: string): ListExport<object> | undefined {
      return lists.get(name);
    },

    /** The names of every list's export, in the order their routes were declared. */
    names(): string[] {
      return [...lists.keys()];
    },
  };
}

/** The service of every list's export, one per app (`app.listExports`, list-exports.ts). */
export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * Issue 29: a list's whole CSV, with the filters it was asked with, streamed as it is read
 * (db/csv-export.ts: written by PostgreSQL's COPY where the database can stream one, in keyset
 * pages on PGlite, decision 279); the export is written to the audit log once the file has been
 * sent, or was cut short.
 */
export function createExportsService({ database }: { database: Database }) {
  const { db } = database;
  const lists = createListExports();
  let running = 0;
  /** The admins whose export is streaming in this process: one each at a time (decision 303). */
  const runningAdmins = new Set<string>();
  /** `open` once counted: spends the link and starts the file. */
  async function streamExport(
    token: string,
    caller: Caller,
    uncount: () => void,
  ): Promise<{ list: string; fileName: string; body: Readable }> {
    const spent = await repo.spendExportToken(db, hashToken(token));
    if (!spent) throw new ForbiddenError(EXPORT_LINK_INVALID);
    const list = spent.list;
    const listExport = lists.find(list);
    const filters = listExport?.filters.safeParse(spent.query);
    const holder = await repo.findLinkHolder(db, spent.adminId, spent.sessionId);
    if (!listExport || !filters?.success || !mayStillDownload(holder, spent)) {
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
    const { source } = listExport;
    const day = new Date().toISOString().slice(0, 10);
    // The screen's order (issue 29): every list's filters but the Audit Log's carry a sort.
    const chosen: { sort?: unknown; search?: unknown } = filters.data;
    const view = {
      sort: typeof chosen.sort === 'string' ? chosen.sort : undefined,
      searching: chosen.search !== undefined,
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

  const refuseWhenBusy = (adminId: string) => {
    if (running >= EXPORTS_AT_ONCE)
      throw new ServiceUnavailableError(EXPORTS_BUSY, BUSY_RETRY_SECONDS);
    if (runningAdmins.has(adminId))
      throw new TooManyRequestsError(EXPORT_ALREADY_RUNNING, BUSY_RETRY_SECONDS);
  };
  return {
    ...lists,

    /** Makes the single-use link of an export of `list` with `filters`. */
    async create(list: string, filters: unknown, asker: Asker) {
      refuseWhenBusy(asker.adminId);
      const token = randomBytes(32).toString('base64url');
      const row = await repo.insertExport(db, {
        adminId: asker.adminId,
        sessionId: asker.sessionId,
        tokenVersion: asker.tokenVersion,
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
     * the client has taken what came before (backpressure). Refused, the link kept, while as
     * many exports stream as the API allows (503) or while its admin's previous one does (429).
     */
    async open(
      token: string,
      caller: Caller,
    ): Promise<{ list: string; fileName: string; body: Readable }> {
      const link = await repo.findUnspentExport(db, hashToken(token));
      if (!link) throw new ForbiddenError(EXPORT_LINK_INVALID);
      refuseWhenBusy(link.adminId);
      // Counted from here (no await since the check) until the file has ended or failed to start.
      running += 1;
      runningAdmins.add(link.adminId);
      let counted = true;
      const uncount = () => {
        if (counted) {
          running -= 1;
          runningAdmins.delete(link.adminId);
        }
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
