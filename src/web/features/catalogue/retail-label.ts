import type { RetailPrice } from '#shared/contract/catalogue.ts'
import type { RetailRegion } from '#shared/contract/values.ts'
import { type CurrencyCode, formatPrice, isCurrencyCode, type RatesPerUsd } from '#shared/money.ts'
import { pickRetailPrice } from '#shared/retail.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'

/**
 * What a set shows in place of a retail price it does not have (spec 02 §2): a short label on the
 * sets list's cards, longer wording on the item page. The first rule that matches wins.
 */

export type RetailLabelLength = 'short' | 'long'

interface RetailRule {
  matches: (item: { number: string; name: string }) => boolean
  short: string
  long: string
}

const RULES: RetailRule[] = [
  {
    matches: ({ number, name }) => number.includes('PROMO') || name.includes('Promo'),
    short: 'Promotional',
    long: 'Promotional Item',
  },
  {
    matches: ({ name }) => name.includes('Bonus') || name.includes('Value Pack'),
    short: 'Value Pack',
    long: 'Value Pack',
  },
  { matches: ({ name }) => name.includes('Mini '), short: 'Mini Set', long: 'Mini Set' },
  { matches: ({ number }) => number.includes('TF'), short: 'Toy Fair', long: 'Toy Fair Exclusive' },
  {
    matches: ({ name }) => name.includes('Collectors Set'),
    short: 'Collector',
    long: 'Collector Edition',
  },
]

const FALLBACK = { short: 'Price TBD', long: 'Price Not Available' } as const

/** The label for a set without a retail price. */
export function noMsrpLabel(item: { number: string; name: string }, length: RetailLabelLength): string {
  const rule = RULES.find((candidate) => candidate.matches(item))
  return rule ? rule[length] : FALLBACK[length]
}

export interface RetailMoney {
  /** The display currency. */
  currency: CurrencyCode
  rates: RatesPerUsd
}

type RetailSubject = {
  number: string
  name: string
  /** As entered with the item, in pounds; shown when no region has a price. */
  originalMsrp: string | null
  retailPrices?: readonly Pick<RetailPrice, 'region' | 'amount' | 'currency'>[]
}

/**
 * The retail text of a set in the display currency: the price of the region that matches it (shared
 * retail.ts decides, converting when it must) with that region, else the price entered with the item,
 * else the spec's label.
 */
export function retailText(
  item: RetailSubject,
  length: RetailLabelLength,
  money: RetailMoney,
): { text: string; isPrice: boolean; region?: RetailRegion } {
  const regional = pickRetailPrice(item.retailPrices ?? [], money.currency)
  if (regional && isCurrencyCode(regional.currency)) {
    return {
      text: formatPrice(regional.amount, money.currency, money.rates, regional.currency),
      isPrice: true,
      region: regional.region,
    }
  }
  const msrp = item.originalMsrp?.trim()
  return msrp
    ? { text: formatPrice(msrp, money.currency, money.rates), isPrice: true }
    : { text: noMsrpLabel(item, length), isPrice: false }
}

/** `retailText` in the user's display currency. */
export function useRetailText(item: RetailSubject, length: RetailLabelLength) {
  const { currency, rates } = useCurrency()
  return retailText(item, length, { currency, rates })
}

/** 'Retail: $849.99 (US)' for a line of item facts; null without a price. */
export function retailLine(retail: ReturnType<typeof retailText>): string | null {
  if (!retail.isPrice) return null
  return `Retail: ${retail.text}${retail.region ? ` (${retail.region})` : ''}`
}
