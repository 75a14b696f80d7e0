import type { Database } from '#server/db/client.ts'
import type { CurrencyCode, Grade } from '#shared/contract/values.ts'
import { convertAmount } from '#shared/money.ts'
import { currentRates } from '../fx/fx.service.ts'
import { alertStep } from './alert-rules.ts'
import {
  type AlertToEvaluate,
  activeAlertsOf,
  activeAlertWithPrice,
  alertItemGrade,
  type Firing,
  lockItemAlerts,
  rearm,
  recordFirings,
} from './alerts.evaluate.repo.ts'

/**
 * Alerts against a fair price (DESIGN §5, issue 13 part 3): each active alert compares the price converted
 * into its own currency at today's rate with its threshold; those that fire are disarmed and recorded, those
 * the price has moved back from re-arm. No price does nothing. Runs in the caller's transaction.
 */
async function evaluate(db: Database, alerts: AlertToEvaluate[], fairPriceGbp: string | null) {
  if (alerts.length === 0 || fairPriceGbp === null) return { fired: 0, rearmed: 0 }
  const needsRates = alerts.some((alert) => alert.currency !== 'GBP')
  const rates = needsRates ? (await currentRates({ db })).rates : undefined
  const firings: Firing[] = []
  const rearmed: number[] = []
  // Converted once per currency: an item may have 10,000 alerts in a handful of currencies.
  const prices = new Map<CurrencyCode, string>()
  const priceIn = (currency: CurrencyCode) => {
    const known = prices.get(currency)
    if (known !== undefined) return known
    const price = convertAmount(fairPriceGbp, 'GBP', currency, rates)
    prices.set(currency, price)
    return price
  }
  for (const alert of alerts) {
    const price = priceIn(alert.currency)
    const step = alertStep({
      direction: alert.direction,
      threshold: alert.thresholdValue,
      price,
      armed: alert.armed,
    })
    if (step === 'fire') firings.push({ alert, priceGbp: fairPriceGbp, price })
    if (step === 'rearm') rearmed.push(alert.id)
  }
  await recordFirings(db, firings)
  await rearm(db, rearmed)
  return { fired: firings.length, rearmed: rearmed.length }
}

/** After an item's fair price of a grade was recomputed: every active alert on it. */
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
  await lockItemAlerts(db, itemId, grade)
  return evaluate(db, await activeAlertsOf(db, itemId, grade), fairPriceGbp)
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
  if (!alert) return { fired: 0, rearmed: 0 }
  return evaluate(db, [alert], alert.fairPriceGbp)
}
