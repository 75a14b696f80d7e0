import type { AlertDirection, CurrencyCode } from '#shared/contract/values.ts'
import { formatPrice } from '#shared/money.ts'

/** An alert that fired, as its messages (e-mail, push) tell of it. */
export interface FiredAlert {
  itemNumber: string
  itemName: string
  itemSlug: string
  condition: string
  direction: AlertDirection
  thresholdValue: string
  currency: CurrencyCode
  price: string
}

/** Item names are typed by users: no line break or control character may reach a header or a notification. */
export const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

/** An amount in the alert's own currency, by the one display rule (spec 01 §5). */
export const alertAmount = (value: string, event: FiredAlert) =>
  formatPrice(value, event.currency, undefined, event.currency)

export const itemTitle = (event: FiredAlert) => oneLine(`${event.itemNumber} ${event.itemName}`)

/** "10294 Titanic is below £500.00": what fired, in a line. */
export const headline = (event: FiredAlert) =>
  `${itemTitle(event)} is ${event.direction} ${alertAmount(event.thresholdValue, event)}`

/** "New/Sealed: fair price £480.00, below your alert at £500.00" */
export const detail = (event: FiredAlert) =>
  `${oneLine(event.condition)}: fair price ${alertAmount(event.price, event)}, ${event.direction} your alert at ` +
  alertAmount(event.thresholdValue, event)

/** The item page an alert's message links to. */
export const itemPath = (event: FiredAlert) => `/item/${event.itemSlug}`
