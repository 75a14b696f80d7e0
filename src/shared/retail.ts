/**
 * Which retail price a collector sees (issue 12): the one of the region that matches their display
 * currency (USD → US, GBP → UK, CAD → CA, EUR → DE); for any other currency, or a region without a
 * price, the US price, then the UK, CA and DE ones, converted. Pure, for the server and the browser.
 */
import type { CurrencyCode, RetailRegion } from './contract/values.ts'

export const REGION_CURRENCY: Record<RetailRegion, CurrencyCode> = {
  US: 'USD',
  UK: 'GBP',
  CA: 'CAD',
  DE: 'EUR',
}

const FALLBACK_ORDER: readonly RetailRegion[] = ['US', 'UK', 'CA', 'DE']

/** The region whose price is shown first to someone who reads amounts in `currency`. */
export function regionForCurrency(currency: CurrencyCode): RetailRegion | undefined {
  return FALLBACK_ORDER.find((region) => REGION_CURRENCY[region] === currency)
}

/**
 * The regions in the order their prices are looked for, for someone who reads amounts in `currency`:
 * their own region first, then US, UK, CA, DE. The collection's retail estimate asks in this order too.
 */
export function retailRegionOrder(currency: CurrencyCode): readonly RetailRegion[] {
  const own = regionForCurrency(currency)
  return own ? [own, ...FALLBACK_ORDER.filter((region) => region !== own)] : FALLBACK_ORDER
}

/** The regional price to show in `displayCurrency`, or undefined when no region has one. */
export function pickRetailPrice<Price extends { region: RetailRegion }>(
  prices: readonly Price[],
  displayCurrency: CurrencyCode,
): Price | undefined {
  for (const region of retailRegionOrder(displayCurrency)) {
    const price = prices.find((candidate) => candidate.region === region)
    if (price) return price
  }
  return undefined
}
