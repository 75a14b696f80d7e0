import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import { type PricedSale, summarizeAsOf } from '#shared/pricing.ts'
import { type Grade, upsertSnapshot } from './market.repo.ts'

/**
 * Recomputes every snapshot, price-history point and per-condition statistic from the sales — after a
 * bulk import of sales, or a change to the pricing rules. Items are done in batches, each batch in one
 * transaction; `onProgress` hears after each.
 */
export async function rebuildAllPrices({
  db,
  batchSize = 500,
  onProgress = () => {},
  today = todayUtc(),
}: {
  db: Database
  batchSize?: number
  onProgress?: (done: number, total: number) => void
  today?: string
}): Promise<{ items: number; snapshots: number; historyPoints: number }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from price_condition_stats`)
    await tx.execute(sql`insert into price_condition_stats (item_id, condition_id, sales_count, total_price_gbp)
      select item_id, condition_id, count(*)::int, sum(price_gbp) from sales where status = 'verified'
      group by item_id, condition_id`)
  })
  const itemIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select distinct item_id as id from sales where status = 'verified'
        union select item_id from price_snapshots
        union select id from items where metadata -> 'marketplace' is not null
        order by id`,
    )
  ).map((row) => row.id)

  let snapshots = 0
  let historyPoints = 0
  for (let start = 0; start < itemIds.length; start += batchSize) {
    const batch = itemIds.slice(start, start + batchSize)
    await db.transaction(async (tx) => {
      const counts = await rebuildBatch(tx, batch, today)
      snapshots += counts.snapshots
      historyPoints += counts.historyPoints
    })
    onProgress(Math.min(start + batchSize, itemIds.length), itemIds.length)
  }
  return { items: itemIds.length, snapshots, historyPoints }
}

async function rebuildBatch(db: Database, itemIds: number[], today: string) {
  const ids = sql.param(itemIds)
  const sales = await queryRows<PricedSale & { itemId: number; grade: Grade }>(
    db,
    sql`select item_id as "itemId", grade, id, price_gbp::text as "priceGbp", sale_date::text as "saleDate"
      from sales where item_id = any(${ids}::int[]) and status = 'verified' and sale_date <= ${today}
      order by item_id, grade, sale_date, id`,
  )
  const marketplace = await queryRows<{ itemId: number; new: string | null; used: string | null }>(
    db,
    sql`select id as "itemId", metadata -> 'marketplace' ->> 'soldPriceNew' as new,
        metadata -> 'marketplace' ->> 'soldPriceUsed' as used
      from items where id = any(${ids}::int[]) and metadata -> 'marketplace' is not null`,
  )
  await db.execute(sql`delete from price_history where item_id = any(${ids}::int[])`)
  await db.execute(sql`delete from price_snapshots where item_id = any(${ids}::int[])`)

  const groups = new Map<string, PricedSale[]>()
  for (const sale of sales) {
    const key = `${sale.itemId}:${sale.grade}`
    const group = groups.get(key) ?? []
    group.push({ id: sale.id, priceGbp: sale.priceGbp, saleDate: sale.saleDate })
    groups.set(key, group)
  }
  for (const row of marketplace) {
    for (const grade of ['new', 'used'] as const) {
      const price = row[grade]
      if (price && /^\d+(\.\d+)?$/.test(price) && !groups.has(`${row.itemId}:${grade}`)) {
        groups.set(`${row.itemId}:${grade}`, [])
      }
    }
  }

  const history: Array<{ itemId: number; grade: Grade; day: string; fairPrice: string; salesCount: number }> =
    []
  const current: Array<{ itemId: number; grade: Grade; summary: ReturnType<typeof summarizeAsOf> }> = []
  for (const [key, list] of groups) {
    const [itemIdText, grade] = key.split(':') as [string, Grade]
    const itemId = Number(itemIdText)
    const market = marketplace.find((row) => row.itemId === itemId)?.[grade] ?? null
    const days = [...new Set([...list.map((sale) => sale.saleDate), today])]
    for (const day of days) {
      const summary = summarizeAsOf(list, day, list.length === 0 ? market : null)
      if (day === today) current.push({ itemId, grade, summary })
      if (summary.fairPrice !== null) {
        history.push({ itemId, grade, day, fairPrice: summary.fairPrice, salesCount: summary.basisCount })
      }
    }
  }
  for (let start = 0; start < history.length; start += 5000) {
    const part = history.slice(start, start + 5000)
    await db.execute(
      sql`insert into price_history (item_id, grade, day, fair_price_gbp, sales_count)
        select * from unnest(${sql.param(part.map((p) => p.itemId))}::int[], ${sql.param(part.map((p) => p.grade))}::text[],
          ${sql.param(part.map((p) => p.day))}::date[], ${sql.param(part.map((p) => p.fairPrice))}::numeric[],
          ${sql.param(part.map((p) => p.salesCount))}::int[])`,
    )
  }
  // After the history, so each snapshot finds its previous day's price there.
  for (const { itemId, grade, summary } of current) await upsertSnapshot(db, itemId, grade, summary, today)
  return { snapshots: current.length, historyPoints: history.length }
}
