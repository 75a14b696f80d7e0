import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/errors.ts'
import { thresholdProblem } from '#shared/contract/alerts.ts'
import type { WantedAlertsResult, WantedList } from '#shared/contract/imports.ts'
import { type CurrencyCode, isCurrencyCode } from '#shared/money.ts'
import { type BelowAlertSpec, setBelowAlerts } from '../alerts/alerts.service.ts'
import { deleteOwnWanted, findWantedLimits, findWantedPage, type WantedLimit } from './wanted.repo.ts'

const WANTED_NOT_FOUND = 'Wanted item not found'

/** The user's wanted list, newest first, with today's fair price of each grade wanted. */
export function wantedList({
  db,
  userId,
  limit,
  offset,
}: {
  db: Database
  userId: string
  limit: number
  offset: number
}): Promise<WantedList> {
  return findWantedPage(db, userId, { limit, offset })
}

/** Removes one of the user's wanted items; another user's is as good as missing. */
export async function removeWanted({ db, userId, id }: { db: Database; userId: string; id: number }) {
  if (!(await deleteOwnWanted(db, userId, id))) throw notFound(WANTED_NOT_FOUND)
}

/**
 * The alert a wanted item asks for (ADR 051): "below" the most the user would pay, on the grade wanted (new when
 * either will do, as the list's fair price is), at the limit as the file wrote it when its currency is one
 * alerts are kept in, else in pounds. Null when there is no limit an alert can hold.
 */
export function alertOfWanted(wanted: WantedLimit): BelowAlertSpec | null {
  const [amount, currency]: [string | null, CurrencyCode] =
    wanted.maxPriceOriginal !== null && isCurrencyCode(wanted.currency)
      ? [wanted.maxPriceOriginal, wanted.currency]
      : [wanted.maxPrice, 'GBP']
  // Kept to the penny as a threshold is; a limit of 0 is none.
  if (amount === null || thresholdProblem(amount)) return null
  return { itemId: wanted.itemId, grade: wanted.grade ?? 'new', thresholdValue: amount, currency }
}

/**
 * A price alert at the most the user would pay on these wanted items (all of them without ids): each item and
 * grade without a "below" alert gets one. An id that is not one of the user's wanted items is a 404, and nothing
 * is set.
 */
export async function setAlertsAtWantedPrices({
  db,
  userId,
  ids,
}: {
  db: Database
  userId: string
  ids?: readonly number[]
}): Promise<WantedAlertsResult> {
  const wanted = await findWantedLimits(db, userId, ids)
  if (ids && wanted.length < new Set(ids).size) throw notFound(WANTED_NOT_FOUND)
  const alerts = wanted.map(alertOfWanted).filter((alert) => alert !== null)
  const { created } = await setBelowAlerts({ db, userId, alerts })
  return { created, alreadySet: alerts.length - created, withoutPrice: wanted.length - alerts.length }
}
