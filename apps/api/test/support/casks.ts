import { eq, sql } from 'drizzle-orm';
import { casks } from '../../src/db/schema/casks.ts';
import type { TestContext } from './app.ts';

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
