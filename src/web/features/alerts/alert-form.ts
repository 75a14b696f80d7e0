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
  type UpdateAlertBody,
  updateAlertBodySchema,
} from '#shared/contract/alerts.ts'
import type { AlertDirection, CurrencyCode } from '#shared/contract/values.ts'
import { isSameAmount } from '#shared/money.ts'

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
