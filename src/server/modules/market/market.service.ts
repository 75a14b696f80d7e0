import Big from 'big.js'
import type { Database } from '#server/db/client.ts'
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts'
import type { GradeSummary, RecordSaleData, Sale } from '#shared/contract/market.ts'
import type { ReviewSales, ReviewSalesQuery } from '#shared/contract/moderation.ts'
import type { PriceRange } from '#shared/contract/values.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import {
  type Actor,
  canDeleteSale,
  canModerateSales,
  canSeeAllPendingSales,
  canVerifySale,
} from '#shared/permissions.ts'
import { toGbpOnDay } from '../fx/fx.service.ts'
import { enqueueRecompute } from './market.queue.repo.ts'
import {
  adjustConditionStats,
  deleteSaleRow,
  findItemCondition,
  findSale,
  type Grade,
  insertSale,
  lockSale,
  markRejected,
  markVerified,
  readConditionStats,
  readHistory,
  readPriceSummary,
  salesPage,
} from './market.repo.ts'
import { listSalesForReview } from './market.review.repo.ts'
import { usableMarketplacePrice } from './marketplace.ts'

/** The amount in pounds at the rate of the sale's day (toGbpOnDay refuses more than a price column holds). */
async function priceInGbp(db: Database, body: RecordSaleData): Promise<string> {
  const gbp = new Big(
    await toGbpOnDay({ db, amount: body.price, currency: body.currency, day: body.saleDate }),
  )
  if (gbp.lte(0)) throw badRequest('Price is too small to record: it is less than 1p.')
  return gbp.toFixed(2)
}

/**
 * Records a sale. A trusted member's or an admin's sale is verified at once and queued for the recompute
 * that moves the fair price; anyone else's waits, pending, for a moderator.
 */
export async function recordSale({
  db,
  itemId,
  body,
  actor,
}: {
  db: Database
  itemId: number
  body: RecordSaleData
  actor: Actor
}): Promise<Sale> {
  const status = canVerifySale(actor) ? 'verified' : 'pending'
  const condition = { id: body.conditionId, label: body.condition }
  const recorded = await insertSale(db, {
    itemId,
    condition,
    priceGbp: await priceInGbp(db, body),
    originalPrice: new Big(body.price).toFixed(2),
    currency: body.currency,
    saleDate: body.saleDate,
    source: body.source,
    sourceRef: body.sourceRef ?? null,
    proofUrl: body.proofUrl ?? null,
    status,
    submitterId: actor.id,
  })
  if (recorded) return recorded
  const { itemExists: found, condition: known } = await findItemCondition(db, itemId, condition)
  if (!found) throw notFound('Item not found')
  if (!known) throw badRequest('Condition not found for this item.')
  throw conflict('This sale has already been recorded.')
}

/**
 * Verifies a pending sale, or a rejected one (overruling the rejection): from now on it counts toward
 * the fair price.
 */
export async function verifySale({
  db,
  id,
  actor,
}: {
  db: Database
  id: number
  actor: Actor
}): Promise<Sale> {
  if (!canVerifySale(actor)) throw forbidden('Only trusted members and admins can verify sales.')
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id)
    if (!sale) throw notFound('Sale not found')
    if (sale.status !== 'verified') {
      await markVerified(tx, id, actor.id)
      await adjustConditionStats(tx, sale, 1)
      await pricesChanged({ db: tx, itemId: sale.itemId, grade: sale.grade, fromDay: sale.saleDate })
    }
    return (await findSale(tx, id)) as Sale
  })
}

/**
 * Rejects a sale with a reason its submitter is shown. A verified sale rejected stops counting, and its
 * item's prices are recomputed as a deletion would. Rejecting it twice is refused: the first reason stands.
 */
export async function rejectSale({
  db,
  id,
  reason,
  actor,
}: {
  db: Database
  id: number
  reason: string
  actor: Actor
}): Promise<Sale> {
  if (!canModerateSales(actor)) throw forbidden('Only trusted members and admins can reject sales.')
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id)
    if (!sale) throw notFound('Sale not found')
    if (sale.status === 'rejected') throw conflict('This sale has already been rejected.')
    await markRejected(tx, id, { reason, moderatorId: actor.id })
    if (sale.status === 'verified') {
      await adjustConditionStats(tx, sale, -1)
      await pricesChanged({ db: tx, itemId: sale.itemId, grade: sale.grade, fromDay: sale.saleDate })
    }
    return (await findSale(tx, id)) as Sale
  })
}

/** The moderation screen's queue: sales waiting for review, the oldest first (or those rejected). */
export async function saleReviewQueue({
  db,
  query,
  actor,
}: {
  db: Database
  query: ReviewSalesQuery
  actor: Actor
}): Promise<ReviewSales> {
  if (!canModerateSales(actor)) throw forbidden('Only trusted members and admins can review sales.')
  return listSalesForReview(db, query.status, query)
}

export async function removeSale({
  db,
  id,
  actor,
}: {
  db: Database
  id: number
  actor: Actor
}): Promise<{ itemId: number }> {
  if (!canDeleteSale(actor)) throw forbidden('Only trusted members and admins can delete sales.')
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, id)
    if (!sale) throw notFound('Sale not found')
    await deleteSaleRow(tx, id)
    if (sale.status === 'verified') {
      await adjustConditionStats(tx, sale, -1)
      await pricesChanged({ db: tx, itemId: sale.itemId, grade: sale.grade, fromDay: sale.saleDate })
    }
    return { itemId: sale.itemId }
  })
}

/**
 * The verified sales of an item and grade changed from `fromDay` on (a sale recorded, verified, rejected or
 * deleted, or a feed's sales): queued in the change's own transaction, so the change and its recompute commit
 * or vanish together; a worker recomputes its prices, statistics and alerts after commit (DESIGN §5).
 */
export async function pricesChanged(args: { db: Database; itemId: number; grade: Grade; fromDay: string }) {
  await enqueueRecompute(args.db, args)
}

const EMPTY_GRADE: GradeSummary = {
  fairPrice: null,
  confidence: 'LOW',
  basis: 'none',
  trend: null,
  volume30d: 0,
  lastSale: null,
  lastSaleDate: null,
  avg30d: null,
  avg90d: null,
  salesCount: 0,
  salesCount90d: 0,
  hasData: false,
  updatedAt: null,
}

/**
 * The item page's fair-price summary per grade (`PriceSummaryResponse`) as JSON text: each grade's snapshot as
 * the database wrote it or, without one, the marketplace's price (DESIGN §5).
 */
export async function priceSummary({ db, itemId }: { db: Database; itemId: number }): Promise<string> {
  const found = await readPriceSummary(db, itemId)
  if (!found) throw notFound('Item not found')
  const grade = (snapshotJson: string | null, marketplace: string | null) =>
    snapshotJson ?? JSON.stringify(marketplaceGrade(marketplace))
  return `{"new":${grade(found.newJson, found.marketplaceNew)},"used":${grade(found.usedJson, found.marketplaceUsed)},"updating":${found.updating}}`
}

/** A grade without a snapshot: the marketplace's sold price when it has a usable one, else no data. */
function marketplaceGrade(marketplace: string | null): GradeSummary {
  const price = usableMarketplacePrice(marketplace)
  if (!price) return EMPTY_GRADE
  return {
    ...EMPTY_GRADE,
    fairPrice: new Big(price).toFixed(2),
    confidence: 'MEDIUM',
    basis: 'marketplace',
    hasData: true,
  }
}

export async function priceByCondition({ db, itemId }: { db: Database; itemId: number }) {
  const stats = await readConditionStats(db, itemId)
  if (!stats) throw notFound('Item not found')
  return stats
}

const RANGE_DAYS: Record<PriceRange, number | null> = { '30d': 30, '90d': 90, '1y': 365, all: null }

/**
 * Daily fair prices of the range, starting with the price carried in from before it, as the JSON text of
 * `PriceHistory`.
 */
export async function priceHistory({
  db,
  itemId,
  grade,
  range,
  today = todayUtc(),
}: {
  db: Database
  itemId: number
  grade: Grade
  range: PriceRange
  today?: string
}): Promise<string> {
  const days = RANGE_DAYS[range]
  const since = days === null ? null : addDays(today, -days)
  const found = await readHistory(db, itemId, grade, since)
  if (!found) throw notFound('Item not found')
  const { points, firstDay, carried, updatedAtJson } = found
  // The range opens at the price carried into it, unless a point of its own falls on its first day; that point
  // is spliced in front of the database's text of the others.
  const carriedPoint =
    since && carried !== null && firstDay !== since
      ? JSON.stringify({ date: since, fairPrice: carried })
      : null
  const all =
    carriedPoint === null ? points : `[${carriedPoint}${points === '[]' ? ']' : `,${points.slice(1)}`}`
  return `{"range":${JSON.stringify(range)},"grade":${JSON.stringify(grade)},"points":${all},"updatedAt":${updatedAtJson}}`
}

/** A page of an item's sales, newest first, as `viewer` may see them (see canSeeAllPendingSales), as JSON text. */
export async function salesOfItem({
  db,
  itemId,
  limit,
  offset,
  viewer,
}: {
  db: Database
  itemId: number
  limit: number
  offset: number
  viewer: Actor | null
}): Promise<string> {
  const { itemExists, json } = await salesPage(
    db,
    itemId,
    { limit, offset },
    { id: viewer?.id ?? null, allPending: canSeeAllPendingSales(viewer) },
  )
  if (!itemExists) throw notFound('Item not found')
  return json
}
