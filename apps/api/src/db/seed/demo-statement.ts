import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/**
 * The warehouse of the demo's stock statement (issue 44, docs/screens/reconciliations.md): the
 * statement 'Download the demo statement' gives is written from the casks held there.
 */
export const DEMO_STATEMENT_WAREHOUSE = { name: 'Bonded Warehouse No. 4', city: 'Dufftown' };
/** How many casks the demo statement's warehouse holds at least. */
export const DEMO_STATEMENT_CASKS = 12;

/**
 * Makes sure the demo has a warehouse whose statement can be reconciled: the warehouse (kept when
 * the demo's own warehouses already hold it), and, when fewer than DEMO_STATEMENT_CASKS casks
 * with a number lie there, that many casks of the demo without an identity yet get one there (a
 * number, a fill date in their year, a rack and bay). Runs after the demo's rows, in the same
 * transaction; with a demo that already gives its casks an identity it changes nothing.
 */
export async function placeDemoStatementCasks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    insert into warehouses (name, city)
    values (${DEMO_STATEMENT_WAREHOUSE.name}, ${DEMO_STATEMENT_WAREHOUSE.city})
    on conflict ((lower(name))) do nothing`);
  await tx.execute(sql`
    with w as (
      select id from warehouses where lower(name) = lower(${DEMO_STATEMENT_WAREHOUSE.name})
    ),
    pick as (
      select c.id, row_number() over (order by c.created_at, c.id) as n
      from casks c
      where c.type = 'cask' and c.deleted_at is null and c.cask_number is null
        and c.year is not null and c.volume is not null and c.abv is not null
        and (select count(*) from casks h, w
             where h.warehouse_id = w.id and h.cask_number is not null) < ${DEMO_STATEMENT_CASKS}
      order by c.created_at, c.id
      limit ${DEMO_STATEMENT_CASKS}
    )
    update casks c
    set cask_number = 'DW4-' || lpad(pick.n::text, 3, '0'),
      fill_date = make_date(c.year, 3, 1),
      warehouse_id = w.id,
      location = 'Rack ' || (pick.n + 2) || ', Bay ' || (pick.n % 4 + 1)
    from pick, w
    where c.id = pick.id`);
}
