import type { Database } from '#server/db/client.ts'
import { CURRENCY_CODES, type CurrencyCode } from '#shared/contract/values.ts'
import { convertAmount, type RatesPerUsd } from '#shared/money.ts'
import { currentRates } from '../fx/fx.service.ts'
import { alertStep } from './alert-rules.ts'
import {
  type AlertPair,
  type AlertToEvaluate,
  activeAlertsWithPrice,
  alertItemGrades,
  alertsThatMayChange,
  type Firing,
  lockAlertsOf,
  rearm,
  recordFirings,
} from './alerts.evaluate.repo.ts'

/** A pair's fair price in every currency an alert may be kept in, at these rates. */
type PricesByCurrency = Map<CurrencyCode, string>

function pricesByCurrency(fairPriceGbp: string, rates: RatesPerUsd): PricesByCurrency {
  return new Map(
    CURRENCY_CODES.map((currency) => [currency, convertAmount(fairPriceGbp, 'GBP', currency, rates)]),
  )
}

const pairKey = (pair: AlertPair) => `${pair.itemId}:${pair.grade}`

/**
 * Alerts against their pair's fair price (DESIGN §5, issue 13 part 3): each alert compares the price in its own
 * currency with its threshold (alertStep); those that fire are disarmed and recorded, those the price has moved
 * back from re-arm. Runs in the caller's transaction.
 */
async function evaluate(db: Database, alerts: AlertToEvaluate[], pricesOf: Map<string, PricesByCurrency>) {
  const firings: Firing[] = []
  const rearmed: number[] = []
  for (const alert of alerts) {
    const prices = pricesOf.get(pairKey(alert)) as PricesByCurrency
    const price = prices.get(alert.currency) as string
    const step = alertStep({
      direction: alert.direction,
      threshold: alert.thresholdValue,
      price,
      armed: alert.armed,
    })
    if (step === 'fire') firings.push({ alert, priceGbp: prices.get('GBP') as string, price })
    if (step === 'rearm') rearmed.push(alert.id)
  }
  await recordFirings(db, firings)
  await rearm(db, rearmed)
  return { fired: firings.length, rearmed: rearmed.length }
}

/** An item and grade whose fair price was just recomputed; null is "No data". */
export interface RecomputedPrice extends AlertPair {
  fairPriceGbp: string | null
}

/**
 * After fair prices were recomputed: the active alerts of each item and grade. Of an item's (maybe 10,000)
 * alerts only those whose state its price could change are read (alertsThatMayChange); "No data" does nothing.
 * A recompute pass's pairs are evaluated together, in a few statements however many they are: one each was
 * three round trips per pair while the pass holds its locks.
 */
export async function evaluateAlerts({ db, prices }: { db: Database; prices: readonly RecomputedPrice[] }) {
  const priced = prices.filter(
    (pair): pair is RecomputedPrice & { fairPriceGbp: string } => pair.fairPriceGbp !== null,
  )
  if (priced.length === 0) return { fired: 0, rearmed: 0 }
  await lockAlertsOf(db, priced)
  const { rates } = await currentRates({ db })
  const pricesOf = new Map(priced.map((pair) => [pairKey(pair), pricesByCurrency(pair.fairPriceGbp, rates)]))
  const candidates = await alertsThatMayChange(
    db,
    priced.flatMap((pair) =>
      [...(pricesOf.get(pairKey(pair)) as PricesByCurrency)].map(([currency, price]) => ({
        itemId: pair.itemId,
        grade: pair.grade,
        currency,
        price,
      })),
    ),
  )
  return evaluate(db, candidates, pricesOf)
}

/**
 * Alerts against today's fair price, when they are set, resumed or given a new threshold: each fires at once
 * if the price is already there; a crossing while it was paused does not count unless it still holds. Their
 * items' locks are taken together, in the one order every evaluation takes them.
 */
export async function evaluateAlertsNow({ db, ids }: { db: Database; ids: readonly number[] }) {
  if (ids.length === 0) return { fired: 0, rearmed: 0 }
  const pairs = await alertItemGrades(db, ids)
  if (pairs.length === 0) return { fired: 0, rearmed: 0 }
  await lockAlertsOf(db, pairs)
  const alerts = (await activeAlertsWithPrice(db, ids)).filter(
    (alert): alert is AlertToEvaluate & { fairPriceGbp: string } => alert.fairPriceGbp !== null,
  )
  if (alerts.length === 0) return { fired: 0, rearmed: 0 }
  const { rates } = await currentRates({ db })
  const pricesOf = new Map(
    alerts.map((alert) => [pairKey(alert), pricesByCurrency(alert.fairPriceGbp, rates)]),
  )
  return evaluate(db, alerts, pricesOf)
}
