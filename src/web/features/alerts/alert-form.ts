/**
 * The Set Price Alert form (spec 02 §2, §5) and the watchlist's Edit Price Alert form: what their fields hold,
 * how they become the request body, and their check, the shared contract's schema run on that body, so the
 * forms and the server agree on every message.
 */
import { z } from 'zod'
import {
  type Alert,
  type CreateAlertBody,
  createAlertBodySchema,
  thresholdProblem,
  type UpdateAlertBody,
  updateAlertBodySchema,
} from '#shared/contract/alerts.ts'
import type { AlertDirection, CurrencyCode } from '#shared/contract/values.ts'
import { convertAmount, isSameAmount, movedByPercent, type RatesPerUsd } from '#shared/money.ts'
import { REACHED, standing } from './alert-texts.ts'

export interface AlertFormValues {
  /** The condition select's value: its id as text. */
  conditionId: string
  direction: AlertDirection
  thresholdValue: string
  active: boolean
}

/** Spec 02 §2: direction below, active on. */
export const EMPTY_ALERT_VALUES: AlertFormValues = {
  conditionId: '',
  direction: 'below',
  thresholdValue: '',
  active: true,
}

/** The shortcuts beside today's fair price: a threshold this many per cent past it, in the alert's direction. */
export const THRESHOLD_PERCENTS = [5, 10, 20] as const

/**
 * Ours (the research's "percentage change" ask, as a threshold): today's fair price of the grade, in the
 * alert's currency, `percent` per cent below or above it. The alert keeps the amount, as if typed.
 */
export function thresholdFromFairPrice(
  fairPriceGbp: string,
  currency: CurrencyCode,
  rates: RatesPerUsd,
  direction: AlertDirection,
  percent: number,
): string {
  const fairPrice = convertAmount(fairPriceGbp, 'GBP', currency, rates)
  return movedByPercent(fairPrice, direction === 'below' ? -percent : percent)
}

/** The body for an item, the threshold in the display currency; no condition chosen: left out (asked for). */
export function alertBody(itemId: number, currency: CurrencyCode, values: AlertFormValues): CreateAlertBody {
  const conditionId = values.conditionId === '' ? undefined : Number(values.conditionId)
  return {
    itemId,
    conditionId: conditionId as number,
    direction: values.direction,
    thresholdValue: values.thresholdValue.trim(),
    currency,
    active: values.active,
  }
}

export function alertFormSchema(itemId: number, currency: CurrencyCode) {
  return z
    .custom<AlertFormValues>()
    .transform((values) => alertBody(itemId, currency, values))
    .pipe(createAlertBodySchema)
}

/** An alert as the edit form starts: as it is, its threshold as set, in its own currency. */
export function alertEditValues(alert: Alert): AlertFormValues {
  return {
    conditionId: String(alert.conditionId),
    direction: alert.direction,
    thresholdValue: alert.thresholdValue,
    active: alert.active,
  }
}

/**
 * What the edit form changed, as PATCH's body; null when nothing did. A new threshold stays in the alert's
 * own currency, so an untouched one never drifts through conversions; '350' for 350.00 is no change.
 */
export function alertChanges(alert: Alert, values: AlertFormValues): UpdateAlertBody | null {
  const threshold = values.thresholdValue.trim()
  const body: UpdateAlertBody = {
    ...(values.direction === alert.direction ? {} : { direction: values.direction }),
    ...(isSameAmount(threshold, alert.thresholdValue)
      ? {}
      : { thresholdValue: threshold, currency: alert.currency }),
    ...(values.active === alert.active ? {} : { active: values.active }),
  }
  return Object.keys(body).length === 0 ? null : body
}

/** The edit form's check: every field as PATCH would take it (the condition is fixed). */
export function alertEditSchema(alert: Alert) {
  return z
    .custom<AlertFormValues>()
    .transform(
      (values): UpdateAlertBody => ({
        direction: values.direction,
        thresholdValue: values.thresholdValue.trim(),
        currency: alert.currency,
        active: values.active,
      }),
    )
    .pipe(updateAlertBodySchema)
}

/**
 * Ours, in the alert dialogs: the alert as the form would send it already holds today's fair price, so it fires
 * as soon as it is created or saved (the server checks a new or changed alert against today's price). Null when
 * it would not: paused, no price, or no valid threshold yet.
 */
function firesAtOnceText(
  fairPriceGbp: string | null,
  currency: CurrencyCode,
  values: AlertFormValues,
  rates: RatesPerUsd,
  when: 'created' | 'saved',
): string | null {
  const thresholdValue = values.thresholdValue.trim()
  if (!values.active || thresholdProblem(thresholdValue) !== null) return null
  const alert = { fairPriceGbp, thresholdValue, currency, direction: values.direction }
  if (!standing(alert, rates)?.reached) return null
  return `Today's fair price is already ${REACHED[values.direction]}: the alert fires as soon as it is ${when}.`
}

/** The Set Price Alert modal's warning: a new alert is checked against today's fair price of its grade. */
export const firesOnCreateText = (
  fairPriceGbp: string | null,
  currency: CurrencyCode,
  values: AlertFormValues,
  rates: RatesPerUsd,
) => firesAtOnceText(fairPriceGbp, currency, values, rates, 'created')

/**
 * The edit dialog's: saving checks the alert against today's price when it is ready to fire, or once a new
 * threshold or direction makes it so; an alert that fired and only changes its active state waits to re-arm.
 */
export function firesOnSaveText(alert: Alert, values: AlertFormValues, rates: RatesPerUsd): string | null {
  const changes = alertChanges(alert, values)
  const renewed = changes?.direction !== undefined || changes?.thresholdValue !== undefined
  if (!renewed && alert.rearmsPast !== null) return null
  return firesAtOnceText(alert.fairPriceGbp, alert.currency, values, rates, 'saved')
}
