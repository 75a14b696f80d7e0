import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import type { Database } from '#server/db/client.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import {
  emptySaleColumns,
  MIN_SALES_FOR_WINDOW,
  type PricedSale,
  type SaleColumns,
  saleColumns,
  summarizeColumns,
} from '#shared/pricing.ts'
import { evaluateAlerts } from '../alerts/alerts.evaluate.ts'
import {
  itemsMarketplacePrices,
  lockPairs,
  type Pair,
  type PairPrice,
  type PairSales,
  pairsSalesCounts,
  pairsVerifiedSales,
  pairsWithActiveAlerts,
  parseSales,
  snapshotStamps,
  verifiedSalesByIds,
  writePairsPrices,
} from './market.batch.repo.ts'
import { type KeptPairSales, type KeptSales, withSales } from './market.kept-sales.ts'
import {
  announceRecompute,
  deleteQueued,
  notifyRecomputed,
  type QueuedChange,
  queuedCount,
  takeQueued,
} from './market.queue.repo.ts'
import {
  countVerifiedSales,
  type Grade,
  historyDays,
  loadVerifiedSales,
  lockPrices,
  marketplacePrice,
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
  /** Why the pairs of today could not be done together (they were then done one by one). */
  batchError?: unknown
  /** Pairs whose recompute failed: their changes stay queued for the next pass. */
  failed: Array<{ itemId: number; grade: Grade; error: unknown }>
  /** For each pair, milliseconds from its oldest change's commit to this pass's commit. */
  lagsMs: number[]
  /** Pairs priced from the sales the worker kept, with those their changes added (ADR 030). */
  keptPairs: number
}

/**
 * One pass of the recompute worker (DESIGN §5): takes up to `limit` queued changes no other worker holds,
 * coalesces them per item and grade, recomputes each once (statistics, history, snapshot, then alerts), and
 * deletes what it took, all in one transaction. A pair that fails is rolled back to its savepoint and stays
 * queued; the others commit.
 */
export async function recomputeQueuedPrices({
  db,
  limit = 2000,
  kept,
}: {
  db: Database
  limit?: number
  /** The worker's memory of its pairs' sales (market.kept-sales.ts); without it every pass reads them all. */
  kept?: KeptSales
}): Promise<RecomputePass> {
  const failed: RecomputePass['failed'] = []
  let batchError: unknown
  let read: { sales: Map<string, KeptPairSales>; keptPairs: number } | undefined
  const { taken, done } = await db.transaction(async (tx) => {
    const taken = await takeQueued(tx, limit)
    // In one order in every worker: a pass holds its pairs' locks until it commits.
    taken.sort((a, b) => a.itemId - b.itemId || a.grade.localeCompare(b.grade))
    const done: typeof taken = []
    const today = todayUtc()
    const oneByOne = async (changes: typeof taken) => {
      for (const change of changes) {
        try {
          await tx.transaction((savepoint) =>
            recomputePrices({
              db: savepoint,
              itemId: change.itemId,
              grade: change.grade,
              fromDay: change.fromDay,
              today,
            }),
          )
          done.push(change)
        } catch (error) {
          failed.push({ itemId: change.itemId, grade: change.grade, error })
        }
      }
    }
    // The usual case, sales of today, all at once; older days' history one pair at a time. A batch that fails
    // is done again one pair at a time, so that one bad pair holds up only itself.
    const ofToday = taken.filter((change) => change.fromDay >= today)
    try {
      if (ofToday.length > 0)
        read = await tx.transaction((savepoint) =>
          recomputePairsOfToday({ db: savepoint, pairs: ofToday, today, kept }),
        )
      done.push(...ofToday)
    } catch (error) {
      batchError = error
      await oneByOne(ofToday)
    }
    await oneByOne(taken.filter((change) => change.fromDay < today))
    await deleteQueued(
      tx,
      done.flatMap((change) => change.ids),
    )
    await notifyRecomputed(tx, [...new Set(done.map((change) => change.itemId))])
    return { taken, done }
  })
  // Only what committed is kept: a batch rolled back left the stamps as they were.
  for (const [key, sales] of read?.sales ?? []) kept?.set(key, sales)
  const committedAt = Date.now()
  return {
    recomputed: done.length,
    itemIds: [...new Set(done.map((change) => change.itemId))],
    changes: done.reduce((sum, change) => sum + change.ids.length, 0),
    failed,
    batchError,
    lagsMs: taken
      .filter((change) => done.includes(change))
      .map((change) => committedAt - change.firstEnqueuedAt.getTime()),
    keptPairs: read?.keptPairs ?? 0,
  }
}

const pairKey = (pair: Pair) => `${pair.itemId}:${pair.grade}`

/**
 * recomputePrices of many pairs whose changes are all of `today` (today's history point and the snapshot),
 * in a dozen statements for any number of pairs: the same reads, the same `summarizeAsOf`, the same writes.
 * Answers the 90 days of sales it priced each pair with (unless it needed older ones), to be kept once the
 * pass commits.
 */
async function recomputePairsOfToday({
  db,
  pairs,
  today,
  kept,
}: {
  db: Database
  pairs: QueuedChange[]
  today: string
  kept: KeptSales | undefined
}): Promise<{ sales: Map<string, KeptPairSales>; keptPairs: number }> {
  await lockPairs(db, pairs)
  const keptOf = kept ? await keptSalesWithAdded(db, kept, pairs, today) : new Map<string, SaleColumns>()
  const readOf = new Map<string, PairSales>()
  const keep = (rows: PairSales[]) => {
    for (const row of rows) readOf.set(pairKey(row), row)
  }
  const unread = pairs.filter((pair) => !keptOf.has(pairKey(pair)))
  if (unread.length > 0) keep(await pairsVerifiedSales(db, unread, addDays(today, -89)))
  // Fewer than 3 sales in the 90 days: all of the pair's sales (summarizeAsOf takes the window it needs).
  const few = unread.filter((pair) => (readOf.get(pairKey(pair))?.count ?? 0) < MIN_SALES_FOR_WINDOW)
  if (few.length > 0) keep(await pairsVerifiedSales(db, few))
  const unsold = unread.filter((pair) => !readOf.has(pairKey(pair)))
  const marketplace = new Map(
    unsold.length > 0
      ? (await itemsMarketplacePrices(db, [...new Set(unsold.map((pair) => pair.itemId))])).map((row) => [
          row.itemId,
          row,
        ])
      : [],
  )
  const counts = new Map((await pairsSalesCounts(db, pairs)).map((row) => [pairKey(row), row.count]))
  const rows: PairPrice[] = []
  const priced = new Map<string, SaleColumns>()
  for (const pair of pairs) {
    const read = readOf.get(pairKey(pair))
    const sales = keptOf.get(pairKey(pair)) ?? (read ? parseSales(read) : emptySaleColumns(0))
    priced.set(pairKey(pair), sales)
    const market =
      sales.length === 0 ? usableMarketplacePrice(marketplace.get(pair.itemId)?.[pair.grade] ?? null) : null
    const summary = summarizeColumns(sales, today, market)
    rows.push({
      itemId: pair.itemId,
      grade: pair.grade,
      summary: { ...summary, salesCount: counts.get(pairKey(pair)) ?? 0 },
    })
    // A popular item's fair price is a millisecond or two of arithmetic, and this process answers requests
    // too: they are answered between two pairs rather than after the whole pass.
    await setImmediatePromise()
  }
  const stamps = await writePairsPrices(db, rows, today)
  const fewKeys = new Set(few.map(pairKey))
  const sales = new Map<string, KeptPairSales>()
  for (const { stamp, ...pair } of stamps) {
    const columns = priced.get(pairKey(pair))
    // The sales kept until now become the spare buffers of the next merge, once these are kept.
    const before = kept?.get(pairKey(pair))?.columns
    const spare = before && before.day.buffer !== columns?.day.buffer ? before : undefined
    if (columns && columns.length > 0 && !fewKeys.has(pairKey(pair)))
      sales.set(pairKey(pair), { today, stamp, columns, spare })
  }
  const alerting = new Set((await pairsWithActiveAlerts(db, pairs)).map(pairKey))
  await evaluateAlerts({
    db,
    prices: rows
      .filter((row) => alerting.has(pairKey(row)))
      .map((row) => ({ itemId: row.itemId, grade: row.grade, fairPriceGbp: row.summary.fairPrice })),
  })
  return { sales, keptPairs: keptOf.size }
}

/**
 * The pairs whose kept sales are current, with the sales their changes added: kept for `today`, their snapshot
 * still the one this worker wrote (no other recompute of the pair since, here or in another instance), and every
 * change taken only adding a sale. The others are read in full.
 */
async function keptSalesWithAdded(
  db: Database,
  kept: KeptSales,
  pairs: readonly QueuedChange[],
  today: string,
): Promise<Map<string, SaleColumns>> {
  const salesOf = new Map<string, SaleColumns>()
  const candidates = pairs.filter(
    (pair) => pair.addedSaleIds !== null && kept.get(pairKey(pair))?.today === today,
  )
  if (candidates.length === 0) return salesOf
  const current = (await snapshotStamps(db, candidates)).filter(
    (row) => kept.get(pairKey(row))?.stamp === row.stamp,
  )
  const currentKeys = new Set(current.map(pairKey))
  const additions = candidates.filter((pair) => currentKeys.has(pairKey(pair)))
  if (additions.length === 0) return salesOf
  const added = new Map(additions.map((pair) => [pairKey(pair), [] as typeof rows]))
  const rows = await verifiedSalesByIds(
    db,
    additions.flatMap((pair) => pair.addedSaleIds ?? []),
  )
  for (const row of rows) added.get(pairKey(row))?.push(row)
  for (const [key, ofPair] of added) {
    const columns = emptySaleColumns(ofPair.length)
    ofPair.forEach((row, index) => {
      columns.day[index] = row.day
      columns.pence[index] = row.pence
      columns.id[index] = row.id
    })
    const { columns: keptColumns, spare } = kept.get(key) as KeptPairSales
    salesOf.set(key, withSales(keptColumns, columns, spare))
    // A popular pair's merge copies its thousands of kept sales: requests are answered between two merges, as
    // between two fair prices, rather than after all of them (3–12 ms a pass at 50 connections).
    await setImmediatePromise()
  }
  return salesOf
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
  const columns = saleColumns(sales)
  const points = days.map((day) => ({ day, summary: summarizeColumns(columns, day, marketplace) }))
  const current = (points.at(-1) as { summary: ReturnType<typeof summarizeColumns> }).summary
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
  await evaluateAlerts({ db, prices: [{ itemId, grade, fairPriceGbp: current.fairPrice }] })
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

/** Tells every instance's worker that changes were queued and committed. */
export function wakeRecomputeWorkers({ db }: { db: Database }): Promise<void> {
  return announceRecompute(db)
}
