import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  EXPORT_FILTERS,
  EXPORT_LINK_INVALID,
  type ExportFilters,
  type ExportList,
  type ExportState,
} from '@cask/contracts/exports';
import { writeAudit } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { StatementValues } from '../../db/list.ts';
import { admins } from '../../db/schema/admins.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { BYTE_ORDER_MARK, csvLines } from './csv.ts';
import { EXPORTS, type ExportDefinition } from './export-lists.ts';
import * as repo from './exports.repository.ts';

/** How long a download link stays valid: the browser follows it at once. */
export const EXPORT_LINK_SECONDS = 60;
/**
 * Rows read per statement. Each page is one short statement (keyset: after the last row's
 * created_at and id, on the list's (created_at, id) index), so a slow download holds no
 * connection or snapshot between pages, and memory holds one page whatever the list's size.
 */
export const EXPORT_PAGE_ROWS = 2000;

export const EXPORT_NOT_FOUND = 'Export not found';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The statement reading the page after `cursor` (the last row's created_at and id as text). */
function pageSql<L extends ExportList>(
  definition: ExportDefinition<L>,
  filters: ExportFilters<L>,
  cursor: readonly [string, string] | null,
  values: StatementValues,
): string {
  const where = definition.where(filters, values);
  const after = cursor
    ? ` and (created_at, id) < (${values.add(cursor[0])}::timestamptz, ${values.add(cursor[1])}::uuid)`
    : '';
  const page =
    `select id, created_at from ${definition.table} where (${where})${after}` +
    ` order by created_at desc, id desc limit ${EXPORT_PAGE_ROWS}`;
  const columns = definition.columns.map(([, column]) => column).join(', ');
  return (
    `select ${columns}, w.created_at::text, w.id::text from (${page}) w ${definition.joins}` +
    ' order by w.created_at desc, w.id desc'
  );
}

export interface Caller {
  ip: string;
  userAgent: string | null;
}

/**
 * Issue 29: a list's whole CSV, with the filters it was asked with, streamed as it is read; the
 * export is written to the audit log when the file has been sent (or was cut short).
 */
export function createExportsService({ database }: { database: Database }) {
  const { db } = database;

  /** The CSV text of `list`, page by page; `onEnd` once it ends, whole or not. */
  async function* csvOf<L extends ExportList>(
    list: L,
    filters: ExportFilters<L>,
    onEnd: (rows: number, whole: boolean) => Promise<void>,
  ): AsyncGenerator<string> {
    const definition = EXPORTS[list];
    let rows = 0;
    let whole = false;
    try {
      yield BYTE_ORDER_MARK + csvLines([definition.columns.map(([header]) => header)]);
      let cursor: readonly [string, string] | null = null;
      for (;;) {
        const values = new StatementValues();
        const text = pageSql(definition, filters, cursor, values);
        const page = await database.readRows(text, values.values, { prepared: false });
        if (page.length === 0) break;
        rows += page.length;
        const last = page[page.length - 1]!;
        cursor = [String(last[last.length - 2]), String(last[last.length - 1])];
        yield csvLines(page.map((row) => row.slice(0, -2)));
        if (page.length < EXPORT_PAGE_ROWS) break;
      }
      whole = true;
    } finally {
      await onEnd(rows, whole);
    }
  }

  return {
    /** Makes the single-use link of an export of `list` with `filters`. */
    async create(list: ExportList, filters: unknown, adminId: string) {
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
        url: `/api/exports/download?token=${token}`,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Spends a link and answers its file: a name and the CSV as a stream that reads the next
     * page only when the client has taken the last one (Readable.from pulls its generator).
     */
    async open(token: string, caller: Caller): Promise<{ fileName: string; body: Readable }> {
      const spent = await repo.spendExportToken(db, hashToken(token));
      if (!spent) throw new ForbiddenError(EXPORT_LINK_INVALID);
      const [admin] = await db
        .select({ isActive: admins.isActive })
        .from(admins)
        .where(eq(admins.id, spent.adminId));
      const list = spent.list as ExportList;
      const filters = EXPORT_FILTERS[list]?.safeParse(spent.query);
      if (!admin?.isActive || !filters?.success) {
        await repo.finishExport(db, spent.id, null);
        throw new ForbiddenError(EXPORT_LINK_INVALID);
      }
      const onEnd = async (rows: number, whole: boolean) => {
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
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: `${EXPORTS[list].file}-${day}.csv`,
        body: Readable.from(csvOf(list, filters.data as ExportFilters<typeof list>, onEnd), {
          objectMode: false,
        }),
      };
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
