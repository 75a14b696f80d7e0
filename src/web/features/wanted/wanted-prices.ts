/**
 * The wanted list's two amounts: the most the user would pay (kept in pounds, and as the file wrote it)
 * and today's fair price, with whether the one is within the other. Converted, written and compared only
 * through shared/money.ts.
 */
import type { WantedItem } from '#shared/contract/imports.ts'
import {
  type CurrencyCode,
  formatPrice,
  isAtOrBelow,
  isCurrencyCode,
  type RatesPerUsd,
} from '#shared/money.ts'

export interface DisplayMoney {
  currency: CurrencyCode
  rates: RatesPerUsd
}

type Limit = Pick<WantedItem, 'maxPrice' | 'maxPriceOriginal' | 'currency'>

/**
 * The limit in the display currency, and as the file wrote it when that was another currency
 * ('€45.00 in the file'); null without a limit. In the file's own currency the file's amount is shown as
 * it is, not converted to pounds and back.
 */
export function maxPriceTexts(
  wanted: Limit,
  { currency, rates }: DisplayMoney,
): { amount: string; inFile: string | null } | null {
  if (wanted.maxPrice === null) return null
  const original = wanted.maxPriceOriginal
  const fileCurrency = isCurrencyCode(wanted.currency) ? wanted.currency : null
  if (original !== null && fileCurrency === currency)
    return { amount: formatPrice(original, currency, rates, currency), inFile: null }
  const amount = formatPrice(wanted.maxPrice, currency, rates)
  if (original === null || !wanted.currency) return { amount, inFile: null }
  // A currency we do not convert is named by its code, as the file wrote it.
  const asWritten = fileCurrency
    ? formatPrice(original, fileCurrency, rates, fileCurrency)
    : `${wanted.currency} ${original}`
  return { amount, inFile: `${asWritten} in the file` }
}

/**
 * 'within' when today's fair price is at or below the limit (a good time to buy), 'above' when it is
 * over it, null when either is unknown.
 */
export function priceVerdict(
  wanted: Pick<WantedItem, 'maxPrice' | 'fairPriceGbp'>,
): 'within' | 'above' | null {
  if (wanted.maxPrice === null || wanted.fairPriceGbp === null) return null
  return isAtOrBelow(wanted.fairPriceGbp, wanted.maxPrice) ? 'within' : 'above'
}
