import type { Database } from '#server/db/client.ts'
import { CURRENCY_CODES, type CurrencyCode, type Grade } from '#shared/contract/values.ts'
import { convertAmount } from '#shared/money.ts'
import { currentRates } from '../fx/fx.service.ts'
import { alertStep } from './alert-rules.ts'
import {
  type AlertToEvaluate,
  activeAlertWithPrice,
  alertItemGrade,
  alertsThatMayChange,
  type Firing,
  lockItemAlerts,
  rearm,
  recordFirings,
} from './alerts.evaluate.repo.ts'

/** The fair price in every currency an alert may be kept in, at today's rates. */
async function pricesByCurrency(db: Database, fairPriceGbp: string): Promise<Map<CurrencyCode, string>> {
  const { rates } = await currentRates({ db })
  return new Map(
    CURRENCY_CODES.map((currency) => [currency, convertAmount(fairPriceGbp, 'GBP', currency, rates)]),
  )
}

/**
 * Alerts against a fair price (DESIGN §5, issue 13 part 3): each alert compares the price in its own currency
 * with its threshold (alertStep); those that fire are disarmed and recorded, those the price has moved back
 * from re-arm. Runs in the caller's transaction.
 */
async function evaluate(db: Database, alerts: AlertToEvaluate[], prices: Map<CurrencyCode, string>) {
  const firings: Firing[] = []
  const rearmed: number[] = []
  for (const alert of alerts) {
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

/**
 * After an item's fair price of a grade was recomputed: its active alerts. Of an item's (maybe 10,000)
 * alerts only those whose state the price could change are read (alertsThatMayChange); "No data" does nothing.
 */
export async function evaluateItemAlerts({
  db,
  itemId,
  grade,
  fairPriceGbp,
}: {
  db: Database
  itemId: number
  grade: Grade
  fairPriceGbp: string | null
}) {
  if (fairPriceGbp === null) return { fired: 0, rearmed: 0 }
  await lockItemAlerts(db, itemId, grade)
  const prices = await pricesByCurrency(db, fairPriceGbp)
  return evaluate(db, await alertsThatMayChange(db, itemId, grade, prices), prices)
}

/**
 * One alert against today's fair price, when it is set, resumed or given a new threshold: it fires at once
 * if the price is already there; a crossing while it was paused does not count unless it still holds.
 */
export async function evaluateAlertNow({ db, id }: { db: Database; id: number }) {
  const pair = await alertItemGrade(db, id)
  if (!pair) return { fired: 0, rearmed: 0 }
  await lockItemAlerts(db, pair.itemId, pair.grade)
  const alert = await activeAlertWithPrice(db, id)
  if (!alert || alert.fairPriceGbp === null) return { fired: 0, rearmed: 0 }
  return evaluate(db, [alert], await pricesByCurrency(db, alert.fairPriceGbp))
}
