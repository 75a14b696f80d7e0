import type { Database } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import { type PricedSale, saleColumns, summarizeColumns } from '#shared/pricing.ts'
import {
  deletePricesOf,
  insertHistoryPoints,
  marketplacePricesOf,
  pricedItemIds,
  rebuildConditionStats,
  verifiedSalesOf,
} from './market.rebuild.repo.ts'
import { type Grade, upsertSnapshot } from './market.repo.ts'
import { usableMarketplacePrice } from './marketplace.ts'

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
  await db.transaction((tx) => rebuildConditionStats(tx))
  const itemIds = await pricedItemIds(db)

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
  const sales = await verifiedSalesOf(db, itemIds, today)
  const marketplace = (await marketplacePricesOf(db, itemIds)).map((row) => ({
    itemId: row.itemId,
    new: usableMarketplacePrice(row.new),
    used: usableMarketplacePrice(row.used),
  }))
  await deletePricesOf(db, itemIds)

  const groups = new Map<string, PricedSale[]>()
  for (const sale of sales) {
    const key = `${sale.itemId}:${sale.grade}`
    const group = groups.get(key) ?? []
    group.push({ id: sale.id, priceGbp: sale.priceGbp, saleDate: sale.saleDate })
    groups.set(key, group)
  }
  for (const row of marketplace) {
    for (const grade of ['new', 'used'] as const) {
      if (row[grade] && !groups.has(`${row.itemId}:${grade}`)) {
        groups.set(`${row.itemId}:${grade}`, [])
      }
    }
  }

  const history: Array<{ itemId: number; grade: Grade; day: string; fairPrice: string; salesCount: number }> =
    []
  const current: Array<{ itemId: number; grade: Grade; summary: ReturnType<typeof summarizeColumns> }> = []
  for (const [key, list] of groups) {
    const [itemIdText, grade] = key.split(':') as [string, Grade]
    const itemId = Number(itemIdText)
    const market = marketplace.find((row) => row.itemId === itemId)?.[grade] ?? null
    const days = [...new Set([...list.map((sale) => sale.saleDate), today])]
    const columns = saleColumns(list)
    for (const day of days) {
      const summary = summarizeColumns(columns, day, list.length === 0 ? market : null)
      if (day === today) current.push({ itemId, grade, summary })
      if (summary.fairPrice !== null) {
        history.push({ itemId, grade, day, fairPrice: summary.fairPrice, salesCount: summary.basisCount })
      }
    }
  }
  await insertHistoryPoints(db, history)
  // After the history, so each snapshot finds its previous day's price there.
  for (const { itemId, grade, summary } of current) await upsertSnapshot(db, itemId, grade, summary, today)
  return { snapshots: current.length, historyPoints: history.length }
}
