/**
 * The spec's toasts when an alert is set (spec 02 §8), on a file of their own: the wanted list sets alerts too,
 * and takes these words without the rest of the alert screens' texts.
 */
export const ALERT_CREATED_TEXTS = {
  title: 'Alert created',
  description: "You'll be notified when the price reaches your threshold",
  failure: 'Failed to create price alert',
} as const
