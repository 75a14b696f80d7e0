import type { Database } from '#server/db/client.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import { MIN_SALES_FOR_WINDOW, type PricedSale, summarizeAsOf } from '#shared/pricing.ts'
import { evaluateItemAlerts } from '../alerts/alerts.evaluate.ts'
import { deleteQueued, notifyRecomputed, queuedCount, takeQueued } from './market.queue.repo.ts'
import {
  countVerifiedSales,
  type Grade,
  historyDays,
  loadVerifiedSales,
  lockPrices,
  marketplacePrice,
  recomputeConditionStats,
  saleDays,
  upsertSnapshot,
  writeHistoryPoints,
} from './market.repo.ts'
import { usableMarketplacePrice } from './marketplace.ts'

export interface RecomputePass {
  /** Item and grade pairs recomputed. */
  recomputed: number
  /** The items whose prices changed (their cached answers are forgotten). */
  itemIds: number[]
  /** Queue rows they coalesced. */
  changes: number
  /** Pairs whose recompute failed: their changes stay queued for the next pass. */
  failed: Array<{ itemId: number; grade: Grade; error: unknown }>
  /** For each pair, milliseconds from its oldest change's commit to this pass's commit. */
  lagsMs: number[]
}

/**
 * One pass of the recompute worker (DESIGN §5): takes up to `limit` queued changes no other worker holds,
 * coalesces them per item and grade, recomputes each once (statistics, history, snapshot, then alerts), and
 * deletes what it took, all in one transaction. A pair that fails is rolled back to its savepoint and stays
 * queued; the others commit.
 */
export async function recomputeQueuedPrices({
  db,
  limit = 200,
}: {
  db: Database
  limit?: number
}): Promise<RecomputePass> {
  const failed: RecomputePass['failed'] = []
  const { taken, done } = await db.transaction(async (tx) => {
    const taken = await takeQueued(tx, limit)
    // In one order in every worker: a pass holds its pairs' locks until it commits.
    taken.sort((a, b) => a.itemId - b.itemId || a.grade.localeCompare(b.grade))
    const done: typeof taken = []
    for (const change of taken) {
      try {
        await tx.transaction((savepoint) =>
          recomputePrices({
            db: savepoint,
            itemId: change.itemId,
            grade: change.grade,
            fromDay: change.fromDay,
          }),
        )
        done.push(change)
      } catch (error) {
        failed.push({ itemId: change.itemId, grade: change.grade, error })
      }
    }
    await deleteQueued(
      tx,
      done.flatMap((change) => change.ids),
    )
    await notifyRecomputed(tx, [...new Set(done.map((change) => change.itemId))])
    return { taken, done }
  })
  const committedAt = Date.now()
  return {
    recomputed: done.length,
    itemIds: [...new Set(done.map((change) => change.itemId))],
    changes: done.reduce((sum, change) => sum + change.ids.length, 0),
    failed,
    lagsMs: taken
      .filter((change) => done.includes(change))
      .map((change) => committedAt - change.firstEnqueuedAt.getTime()),
  }
}

/**
 * Recomputes the snapshot of an item and grade, and every history point from `fromDay` on (the day of
 * the sale that changed), reading only the sales those days need.
 */
async function recomputePrices({
  db,
  itemId,
  grade,
  fromDay,
  today = todayUtc(),
}: {
  db: Database
  itemId: number
  grade: Grade
  fromDay: string
  today?: string
}) {
  // Two workers (instances) that took changes of one item and grade recompute one after the other, the
  // second seeing every sale the first saw; otherwise the last to write could leave out a sale.
  await lockPrices(db, itemId, grade)
  // The per-condition statistics, from the sales themselves: exact however many changes were coalesced.
  await recomputeConditionStats(db, itemId, grade)
  // A sale of today (the usual case) changes today's point only.
  const days =
    fromDay >= today
      ? [today]
      : [
          ...new Set([
            ...(await historyDays(db, itemId, grade, fromDay)),
            ...(await saleDays(db, itemId, grade, fromDay)),
            today,
          ]),
        ]
          .filter((day) => day <= today)
          .sort()
  const sales = await salesForDays(db, itemId, grade, days)
  const marketplace =
    sales.length === 0 ? usableMarketplacePrice(await marketplacePrice(db, itemId, grade)) : null
  const points = days.map((day) => ({ day, summary: summarizeAsOf(sales, day, marketplace) }))
  const current = (points.at(-1) as { summary: ReturnType<typeof summarizeAsOf> }).summary
  // History first: the snapshot takes its previous day's price from there.
  await writeHistoryPoints(
    db,
    itemId,
    grade,
    points.map(({ day, summary }) => ({ day, fairPrice: summary.fairPrice, salesCount: summary.basisCount })),
  )
  await upsertSnapshot(
    db,
    itemId,
    grade,
    {
      ...current,
      salesCount: await countVerifiedSales(db, itemId, grade),
    },
    today,
  )
  // The item's alerts on this grade see the new price in the same transaction (issue 13 part 3).
  await evaluateItemAlerts({ db, itemId, grade, fairPriceGbp: current.fairPrice })
}

/**
 * The verified sales that the fair prices of these days read: the 90 days before the first of them,
 * or 365 days, or all of them when a day has fewer than 3 sales in its window (pricing.ts).
 */
async function salesForDays(
  db: Database,
  itemId: number,
  grade: Grade,
  days: string[],
): Promise<PricedSale[]> {
  const first = days[0] as string
  const enough = (sales: PricedSale[], windowDays: number) =>
    days.every(
      (day) =>
        sales.filter((sale) => sale.saleDate <= day && sale.saleDate > addDays(day, -windowDays)).length >=
        MIN_SALES_FOR_WINDOW,
    )
  const recent = await loadVerifiedSales(db, itemId, grade, addDays(first, -89))
  if (enough(recent, 90)) return recent
  const year = await loadVerifiedSales(db, itemId, grade, addDays(first, -364))
  if (enough(year, 365)) return year
  return loadVerifiedSales(db, itemId, grade)
}

/** Changes waiting to be recomputed, taken or not. */
export function pendingRecomputes({ db }: { db: Database }): Promise<number> {
  return queuedCount(db)
}
