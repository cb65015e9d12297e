import { eq, sql } from 'drizzle-orm';
import type { CaskRecordResponse } from '@cask/contracts/cask-records';
import {
  caskAppreciation,
  caskRegauges,
  casks,
  caskValuations,
} from '../../src/db/schema/casks.ts';
import type { TestContext } from './app.ts';
import { queryRows } from './database.ts';
import { getData } from './requests.ts';
import type { TestAdmin } from './sign-in.ts';

type Ctx = Pick<TestContext, 'database'>;

/** The month now (UTC) as `YYYY-MM`: the month a valuation saved today is shown in. */
export const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A new cask's form as the screen sends it: its text fields, and an image if one is given. */
export function caskForm(fields: Record<string, string>, image?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) {
    form.append('caskImages', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cask.png');
  }
  return form;
}

/** The cask list's stats computed the slow way, straight from the table (exact decimals). */
export async function caskStatsFromTable(ctx: Ctx) {
  const result = await ctx.database.db.execute<Record<string, string>>(sql`
    select count(*)::text as total,
           count(*) filter (where status = 'Ready')::text as ready,
           count(*) filter (where status = 'Maturing')::text as maturing,
           coalesce(sum(current_value), 0)::text as value,
           coalesce(sum(current_value - purchase_price), 0)::text as gain
    from casks where deleted_at is null`);
  const row = (result as unknown as { rows: Record<string, string>[] }).rows[0]!;
  return {
    totalCasks: Number(row.total),
    readyCasks: Number(row.ready),
    maturingCasks: Number(row.maturing),
    totalValue: Number(row.value),
    totalGain: Number(row.gain),
  };
}

/** A cask's identity as stored: number, fill date, year, warehouse and location. */
export async function caskIdentityOf(ctx: Ctx, id: string) {
  const [row] = await ctx.database.db
    .select({
      caskNumber: casks.caskNumber,
      fillDate: casks.fillDate,
      year: casks.year,
      warehouseId: casks.warehouseId,
      location: casks.location,
    })
    .from(casks)
    .where(eq(casks.id, id));
  return row;
}

/** The cask's record page as `admin` reads it (GET /casks/{id}/record, expected 200). */
export const caskRecord = (ctx: Pick<TestContext, 'app'>, admin: TestAdmin, id: string) =>
  getData<CaskRecordResponse>(ctx, admin, `/api/casks/${id}/record`);

/** How many gauges the cask has. */
export async function gaugeCount(ctx: Ctx, caskId: string) {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(caskRegauges)
    .where(eq(caskRegauges.caskId, caskId));
  return row?.n ?? 0;
}

/** Gauges straight in the table, then their casks' gauge alerts rebuilt as a save would. */
export async function insertGauges(ctx: Ctx, rows: (typeof caskRegauges.$inferInsert)[]) {
  await ctx.database.db.insert(caskRegauges).values(rows);
  const ids = [...new Set(rows.map((row) => row.caskId))];
  await ctx.database.db.execute(
    sql`select cask_refresh_gauge_alerts(${`{${ids.join(',')}}`}::uuid[])`,
  );
}

/** The cask's valuations as stored, oldest first. */
export const storedValuations = (ctx: Ctx, caskId: string) =>
  ctx.database.db
    .select({
      valuedOn: caskValuations.valuedOn,
      value: caskValuations.value,
      source: caskValuations.source,
      note: caskValuations.note,
      adminId: caskValuations.adminId,
    })
    .from(caskValuations)
    .where(eq(caskValuations.caskId, caskId))
    .orderBy(caskValuations.createdAt);

/** The cask's value at each month start, as the table holds it (`{ '2024-01-01': '100.00' }`). */
export const monthPoints = async (ctx: Ctx, caskId: string) =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ month: caskAppreciation.month, value: caskAppreciation.value })
        .from(caskAppreciation)
        .where(eq(caskAppreciation.caskId, caskId))
        .orderBy(caskAppreciation.month)
    ).map((point) => [point.month, point.value]),
  );

/** How many casks' current value is not their latest valuation's (0 when all agree). */
export async function currentValuesNotLatest(ctx: Ctx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from casks c
      where c.current_value is distinct from (select v.value from cask_valuations v
        where v.cask_id = c.id order by v.valued_on desc, v.created_at desc, v.id desc limit 1)`,
  );
  return row?.n ?? -1;
}
