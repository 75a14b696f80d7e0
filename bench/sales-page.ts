/**
 * The Sales History tab at scale (issue 13 part 7): one page of an item's sales, for an item with 10,000 sales
 * and for one with ten, on PGlite and (with BENCH_DATABASE_URL, a database this may fill) PostgreSQL. Prints
 * each query plan and the median time of a page (rows and count, one statement), first and deep.
 *
 *   npx tsx bench/sales-page.ts                                   # PGlite in memory
 *   WITHOUT_INDEX=1 npx tsx bench/sales-page.ts                  # as before the Sales History index
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/salesbench npx tsx bench/sales-page.ts
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedReferenceData } from '#server/db/seed.ts'
import { countInConditionStats, salesPage } from '#server/modules/market/market.repo.ts'

const url = process.env.BENCH_DATABASE_URL
const handle = url
  ? await openDatabase({ driver: 'postgres', url })
  : await openDatabase({ driver: 'pglite' })
const { db } = handle
await migrateDatabase(handle)
await seedReferenceData(db)

const [condition] = await queryRows<{ id: number }>(
  db,
  sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
)
const item = async (number: string, sales: number) => {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into items (type, theme, number, name, normalized_name, normalized_code, slug) values ('set', 'Bench', ${number}, ${`Bench ${number}`}, ${`bench ${number.toLowerCase()}`}, ${number.toLowerCase()}, ${`bench-${number}-${Date.now()}`})
      returning id`,
  )
  const id = (row as { id: number }).id
  // A quarter used, one in ten pending: the mix the filters see.
  await db.execute(sql`insert into sales (item_id, condition_id, grade, price_gbp, original_price, sale_date, source, status)
    select ${id}, ${condition?.id}, case when n % 4 = 0 then 'used' else 'new' end, 50 + n % 100, 50 + n % 100,
      current_date - (n % 1000), 'eBay', case when n % 10 = 0 then 'pending' else 'verified' end
    from generate_series(1, ${sales}) as n`)
  // Counted into the per-condition statistics as recording them through the API does.
  await db.execute(
    countInConditionStats(
      sql`select item_id, condition_id, price_gbp from sales where item_id = ${id} and status = 'verified'`,
      1,
    ),
  )
  return id
}
const stamp = Date.now().toString(36)
const busy = await item(`BUSY-${stamp}`, 10_000)
const quiet = await item(`QUIET-${stamp}`, 10)
// WITHOUT_INDEX=1: as before migration 0014, for comparison.
if (process.env.WITHOUT_INDEX) await db.execute(sql`drop index sales_item_date_id_idx`)
await db.execute(sql`analyze sales`)

const visitor = { id: null, allPending: false }
async function median(run: () => Promise<unknown>, times = 200): Promise<number> {
  for (let i = 0; i < 20; i++) await run()
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    await run()
    took.push(performance.now() - start)
  }
  took.sort((a, b) => a - b)
  return took[Math.floor(times / 2)] as number
}

const where = (itemId: number) =>
  sql`s.item_id = ${itemId} and (s.status = 'verified' or (s.status <> 'verified' and false))`
for (const [label, query] of [
  [
    'page 1 rows',
    sql`explain analyze select s.id from sales s join conditions c on c.id = s.condition_id where ${where(busy)}
      order by s.sale_date desc, s.id desc limit 50 offset 0`,
  ],
  [
    'page 100 rows',
    sql`explain analyze select s.id from sales s join conditions c on c.id = s.condition_id where ${where(busy)}
      order by s.sale_date desc, s.id desc limit 50 offset 4950`,
  ],
  [
    'count',
    sql`explain analyze select (select coalesce(sum(p.sales_count), 0) from price_condition_stats p where p.item_id = ${busy})
      + (select count(*) from sales s where s.item_id = ${busy} and s.status <> 'verified' and false)`,
  ],
] as const) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, query)
  console.log(
    `\n${label} (item with 10,000 sales):\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`,
  )
}

const driver = `${url ? 'PostgreSQL' : 'PGlite'}${process.env.WITHOUT_INDEX ? ', without the index' : ''}`
const rows: Array<[string, number]> = [
  ['10 sales, page 1', await median(() => salesPage(db, quiet, { limit: 50, offset: 0 }, visitor))],
  ['10,000 sales, page 1', await median(() => salesPage(db, busy, { limit: 50, offset: 0 }, visitor))],
  ['10,000 sales, page 100', await median(() => salesPage(db, busy, { limit: 50, offset: 4950 }, visitor))],
]
console.log(`\n${driver}: median of 200 pages (50 sales + the count)`)
for (const [label, ms] of rows) console.log(`  ${label.padEnd(24)} ${ms.toFixed(2)} ms`)
await handle.close()
