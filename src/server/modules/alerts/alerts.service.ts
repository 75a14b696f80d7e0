import type { Database } from '#server/db/client.ts'
import { badRequest, conflict, HttpError, notFound } from '#server/errors.ts'
import type { Alert, CreateAlertData, UpdateAlertData } from '#shared/contract/alerts.ts'
import { type CurrencyCode, MAX_ALERTS_PER_USER } from '#shared/contract/values.ts'
import { isSameAmount } from '#shared/money.ts'
import { armAlert } from './alerts.evaluate.repo.ts'
import { evaluateAlertsNow } from './alerts.evaluate.ts'
import {
  type BelowAlertSpec,
  countAlertsLocked,
  deleteOwnAlert,
  findItemAndCondition,
  findOwnAlert,
  findOwnAlerts,
  hasOtherAlert,
  insertAlert,
  insertBelowAlerts,
  resumeAlertsDue,
  updateAlert,
} from './alerts.repo.ts'
import { announceAlertsChanged } from './watched-prices.ts'

/** Who sets alerts: their id, and the display currency a threshold is entered in. */
export interface AlertOwner {
  id: string
  currencyPreference: CurrencyCode
}

const ALERT_NOT_FOUND = 'Alert not found'
const DUPLICATE = 'You already have this alert: the same item, condition, direction and threshold.'

export function listAlerts({ db, userId }: { db: Database; userId: string }): Promise<Alert[]> {
  return findOwnAlerts(db, userId)
}

/**
 * A new alert (spec 02 §7): on an item that exists, with a condition of the item's kind, the threshold in the
 * user's display currency unless the body names one. The same alert twice is a 409; so is a 501st.
 */
export async function createAlert({
  db,
  owner,
  body,
}: {
  db: Database
  owner: AlertOwner
  body: CreateAlertData
}): Promise<Alert> {
  return db.transaction(async (tx) => {
    const found = await findItemAndCondition(tx, body.itemId, body.conditionId)
    if (!found) throw notFound('Item not found')
    if (found.category === null) throw badRequest('Please select a condition')
    if (found.category !== found.itemType) {
      throw badRequest(
        `That condition is for ${found.category === 'set' ? 'sets' : 'minifigures'}, not this item`,
      )
    }
    if ((await countAlertsLocked(tx, owner.id)) >= MAX_ALERTS_PER_USER) {
      throw tooManyAlerts(
        `You have ${MAX_ALERTS_PER_USER} alerts, the most there can be: delete one to set another.`,
      )
    }
    const id = await insertAlert(tx, owner.id, {
      itemId: body.itemId,
      conditionId: body.conditionId,
      direction: body.direction,
      thresholdValue: body.thresholdValue,
      currency: body.currency ?? owner.currencyPreference,
      active: body.active,
    })
    if (id === undefined) throw conflict(DUPLICATE)
    await announceAlertsChanged(tx, owner.id)
    // Already there? It fires now: the user asked to hear when the price is at their threshold.
    await evaluateAlertsNow({ db: tx, ids: [id] })
    return (await findOwnAlert(tx, owner.id, id)) as Alert
  })
}

const tooManyAlerts = (message: string) => new HttpError(409, message, 'ALERT_LIMIT')

export type { BelowAlertSpec }

/**
 * "Below" alerts on many items at once (the wanted list's prices, ADR 051): one on each item and grade that has
 * no "below" alert of the user's yet (the first spec of an item and grade counts), each active and evaluated as
 * it is set, so one already there fires at once. All or none: past MAX_ALERTS_PER_USER none is set (409).
 */
export async function setBelowAlerts({
  db,
  userId,
  alerts,
}: {
  db: Database
  userId: string
  alerts: readonly BelowAlertSpec[]
}): Promise<{ created: number }> {
  const firstOfEach = new Map<string, BelowAlertSpec>()
  for (const spec of alerts) {
    const key = `${spec.itemId}:${spec.grade}`
    if (!firstOfEach.has(key)) firstOfEach.set(key, spec)
  }
  return db.transaction(async (tx) => {
    const before = await countAlertsLocked(tx, userId)
    const ids = await insertBelowAlerts(tx, userId, [...firstOfEach.values()])
    if (before + ids.length > MAX_ALERTS_PER_USER) {
      throw tooManyAlerts(
        `That would make ${before + ids.length} alerts, and there can be at most ${MAX_ALERTS_PER_USER}: none was set. Delete some on your watchlist, or set alerts on fewer items.`,
      )
    }
    if (ids.length > 0) {
      await announceAlertsChanged(tx, userId)
      await evaluateAlertsNow({ db: tx, ids })
    }
    return { created: ids.length }
  })
}

/**
 * Pause, resume, or change the threshold (entered in the display currency unless named) or direction of
 * one of the user's alerts; another user's answers 404.
 */
export async function changeAlert({
  db,
  owner,
  id,
  body,
}: {
  db: Database
  owner: AlertOwner
  id: number
  body: UpdateAlertData
}): Promise<Alert> {
  return db.transaction(async (tx) => {
    const current = await findOwnAlert(tx, owner.id, id)
    if (!current) throw notFound(ALERT_NOT_FOUND)
    const next = {
      direction: body.direction ?? current.direction,
      thresholdValue: body.thresholdValue ?? current.thresholdValue,
      currency:
        body.thresholdValue === undefined ? current.currency : (body.currency ?? owner.currencyPreference),
      // Paused until a time: not active till then. A plain pause or resume ends that; other changes keep it.
      active: body.pausedUntil !== undefined ? false : (body.active ?? current.active),
      pausedUntil: body.pausedUntil ?? (body.active === undefined ? current.pausedUntil : null),
    }
    const key = {
      itemId: current.itemId,
      conditionId: current.conditionId,
      direction: next.direction,
      thresholdValue: next.thresholdValue,
      currency: next.currency,
    }
    if (await hasOtherAlert(tx, owner.id, key, id)) throw conflict(DUPLICATE)
    await updateAlert(tx, id, next)
    // A new threshold or direction is a new question; resuming checks the price as it is now.
    if (
      !isSameAmount(next.thresholdValue, current.thresholdValue) ||
      next.currency !== current.currency ||
      next.direction !== current.direction
    ) {
      await armAlert(tx, id)
    }
    if (next.active) await evaluateAlertsNow({ db: tx, ids: [id] })
    await announceAlertsChanged(tx, owner.id)
    return (await findOwnAlert(tx, owner.id, id)) as Alert
  })
}

/** Alerts resumed at most per statement: a pass goes on until none is left due. */
const RESUME_BATCH = 500

/**
 * Resumes the alerts whose pause has run out (the alert-resume job), each as its owner resuming it would: checked
 * against the price as it is now, so a crossing while paused fires only if it still holds. Answers how many.
 */
export async function resumeAlertsPausedUntilNow({ db }: { db: Database }): Promise<number> {
  let total = 0
  for (;;) {
    const resumed = await db.transaction(async (tx) => {
      const rows = await resumeAlertsDue(tx, RESUME_BATCH)
      await evaluateAlertsNow({ db: tx, ids: rows.map((row) => row.id) })
      for (const userId of new Set(rows.map((row) => row.userId))) await announceAlertsChanged(tx, userId)
      return rows.length
    })
    total += resumed
    if (resumed < RESUME_BATCH) return total
  }
}

export function removeAlert({ db, userId, id }: { db: Database; userId: string; id: number }) {
  return db.transaction(async (tx) => {
    if (!(await deleteOwnAlert(tx, userId, id))) throw notFound(ALERT_NOT_FOUND)
    await announceAlertsChanged(tx, userId)
  })
}
