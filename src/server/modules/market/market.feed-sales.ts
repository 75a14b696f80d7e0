import Big from 'big.js'
import type { Database } from '#server/db/client.ts'
import { MAX_MONEY } from '#server/db/schema/columns.ts'
import { HttpError } from '#server/errors.ts'
import { todayUtc } from '#shared/dates.ts'
import type { CurrencyCode } from '#shared/money.ts'
import { toGbpOnDay } from '../fx/fx.service.ts'
import {
  bestConditionPerGrade,
  insertVerifiedFeedSales,
  type VerifiedFeedSale,
  writeMarketplaceValues,
} from './market.feed-sales.repo.ts'
import type { Grade } from './market.repo.ts'
import { pricesChanged } from './market.service.ts'

/** A sale reported by a market feed: the amount as the feed gave it (a decimal string) and its currency. */
export interface FeedSale {
  grade: Grade
  price: string
  currency: CurrencyCode
  saleDate: string
  /** The feed's identity for the sale, the same at every fetch, so a re-fetch never records it twice. */
  sourceRef: string
}

export interface FeedSalesOutcome {
  /** Sales not recorded before. */
  recorded: number
  /** Sales recorded at an earlier fetch. */
  alreadyKnown: number
  /** Sales left out: less than a penny in pounds, or more than a price column holds. */
  unpriced: number
}

/**
 * Records a feed's sales of one item as verified sales (DESIGN §5: a feed's sales are verified; nobody
 * submitted them), leaving out those recorded at an earlier fetch, and queues the item's prices (and
 * per-condition statistics) for recompute once per grade from the earliest new sale's day, all in one
 * transaction. The feed knows only new or used, so each sale takes the best condition of its grade (a
 * BrickLink "new" set is sealed; "used" says nothing of completeness).
 */
export async function recordFeedSales({
  db,
  itemId,
  source,
  sales,
}: {
  db: Database
  itemId: number
  source: string
  sales: FeedSale[]
}): Promise<FeedSalesOutcome> {
  return db.transaction(async (tx) => {
    const conditions = await bestConditionPerGrade(tx, itemId)
    if (!conditions) return { recorded: 0, alreadyKnown: 0, unpriced: sales.length }
    const remembered = new Map<string, Promise<string>>()
    const rows: VerifiedFeedSale[] = []
    for (const sale of sales) {
      const conditionId = conditions[sale.grade]
      const priceGbp =
        conditionId === null
          ? null
          : await poundsOnDay(tx, sale.price, sale.currency, sale.saleDate, remembered)
      if (conditionId === null || priceGbp === null) continue
      rows.push({
        conditionId,
        grade: sale.grade,
        priceGbp,
        originalPrice: new Big(sale.price).round(2, Big.roundHalfUp).toFixed(2),
        currency: sale.currency,
        saleDate: sale.saleDate,
        sourceRef: sale.sourceRef,
      })
    }
    const changed = await insertVerifiedFeedSales(tx, itemId, source, rows)
    for (const { grade, fromDay } of changed) await pricesChanged({ db: tx, itemId, grade, fromDay })
    const recorded = changed.reduce((sum, { recorded: count }) => sum + count, 0)
    return { recorded, alreadyKnown: rows.length - recorded, unpriced: sales.length - rows.length }
  })
}

/**
 * Sets an item's marketplace values (the fallback of DESIGN §5, confidence MEDIUM) from a feed, converted into
 * pounds at today's rate; a value not given keeps what was there (no value is no data, not a reason to forget
 * one). A grade whose value changed has its prices queued for recompute, so an item without sales shows it.
 */
export async function recordMarketplaceValues({
  db,
  itemId,
  source,
  currency,
  values,
  now = new Date(),
}: {
  db: Database
  itemId: number
  source: string
  currency: CurrencyCode
  values: { new?: string; used?: string }
  now?: Date
}): Promise<{ changed: Grade[] }> {
  const today = todayUtc(now)
  return db.transaction(async (tx) => {
    const inPounds = async (amount: string | undefined) => {
      if (amount === undefined) return undefined
      const pounds = await poundsOnDay(tx, amount, currency, today)
      return pounds ?? undefined
    }
    const written = await writeMarketplaceValues(tx, itemId, {
      soldPriceNew: await inPounds(values.new),
      soldPriceUsed: await inPounds(values.used),
      source,
      updatedAt: now.toISOString(),
    })
    const changed: Grade[] = []
    if (written?.newChanged) changed.push('new')
    if (written?.usedChanged) changed.push('used')
    for (const grade of changed) await pricesChanged({ db: tx, itemId, grade, fromDay: today })
    return { changed }
  })
}

/**
 * A feed's amount in pounds at the rate of `day`, rounded to pennies; null when it is not a price we can
 * record: nothing in pence, or more than a price column holds.
 */
async function poundsOnDay(
  db: Database,
  amount: string,
  currency: CurrencyCode,
  day: string,
  remembered?: Map<string, Promise<string>>,
): Promise<string | null> {
  const rounded = new Big(amount).round(2, Big.roundHalfUp)
  if (rounded.lte(0) || rounded.gt(MAX_MONEY)) return null
  try {
    const pounds = await toGbpOnDay({ db, amount: rounded.toFixed(2), currency, day, remembered })
    return new Big(pounds).gt(0) ? pounds : null
  } catch (error) {
    // More pounds than a price column holds (anything else is a real failure).
    if (error instanceof HttpError && error.statusCode === 400) return null
    throw error
  }
}
