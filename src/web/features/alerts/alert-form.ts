/**
 * The Set Price Alert form (spec 02 §2, §5): what its fields hold, how they become the request body, and its
 * check, the shared contract's schema run on that body, so the form and the server agree on every message.
 */
import { z } from 'zod'
import { type CreateAlertBody, createAlertBodySchema } from '#shared/contract/alerts.ts'
import type { AlertDirection, CurrencyCode } from '#shared/contract/values.ts'

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
