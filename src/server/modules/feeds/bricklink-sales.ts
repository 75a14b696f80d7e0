import { createHash } from 'node:crypto'
import type { FeedSale } from '#server/modules/market/market.feed-sales.ts'
import { DAY_PATTERN, EARLIEST_DAY, isRealDay } from '#shared/dates.ts'
import { isCurrencyCode } from '#shared/money.ts'
import type { SoldGuide } from './bricklink-client.ts'

/**
 * A sold guide's rows as sales of one grade. Each row is one sale at its unit price (one order's lot: a
 * buyer of five copies would otherwise outweigh five buyers of one). Its `sourceRef` is a hash of what the
 * row says — item, condition, the moment ordered, price, quantity, countries — and its place among rows
 * that say exactly the same, so the same sale fetched again next week has the same reference and is not
 * recorded twice, whatever rows came or went around it.
 */
export function soldGuideSales({
  guide,
  itemNumber,
  newOrUsed,
  today,
}: {
  guide: SoldGuide
  itemNumber: string
  newOrUsed: 'N' | 'U'
  today: string
}): FeedSale[] | { unsupportedCurrency: string } {
  const currency = guide.currency
  if (!isCurrencyCode(currency)) return { unsupportedCurrency: currency }
  const seen = new Map<string, number>()
  return guide.rows.flatMap((row) => {
    const saleDate = row.dateOrdered.slice(0, 10)
    // A row whose date is not a day (or is after today, a clock apart; or before 1949) is no sale we can place.
    if (!DAY_PATTERN.test(saleDate) || !isRealDay(saleDate) || saleDate < EARLIEST_DAY || saleDate > today)
      return []
    const identity = [
      itemNumber,
      newOrUsed,
      row.dateOrdered,
      row.unitPrice,
      row.quantity,
      row.sellerCountry ?? '',
      row.buyerCountry ?? '',
      currency,
    ].join('|')
    const ordinal = seen.get(identity) ?? 0
    seen.set(identity, ordinal + 1)
    const hash = createHash('sha256').update(`${identity}|${ordinal}`).digest('hex').slice(0, 32)
    return [
      {
        grade: newOrUsed === 'N' ? 'new' : 'used',
        price: row.unitPrice,
        currency,
        saleDate,
        sourceRef: `bricklink:${hash}`,
      } satisfies FeedSale,
    ]
  })
}
