import { describe, expect, it } from 'vitest'
import type { Alert } from '#shared/contract/alerts.ts'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import { distanceText, firedNowText, rearmText } from './alert-texts.ts'

// 0.8 pounds and 0.9 euros to the dollar: £40 is €45.00.
const rates = { ...FALLBACK_RATES_PER_USD, GBP: '0.8', EUR: '0.9' }

const alert = (values: Partial<Pick<Alert, 'fairPriceGbp' | 'thresholdValue' | 'currency' | 'direction'>>) =>
  ({ fairPriceGbp: null, thresholdValue: '30.00', currency: 'GBP', direction: 'below', ...values }) as const

describe("the watchlist's distance from the threshold", () => {
  it('says how far a price still has to go, as a share of the threshold', () => {
    expect(distanceText(alert({ fairPriceGbp: '33.75' }), rates)).toBe('12.5% above your threshold')
    expect(
      distanceText(alert({ direction: 'above', thresholdValue: '40', fairPriceGbp: '30.00' }), rates),
    ).toBe('25.0% below your threshold')
    // Rounded half up to one decimal: 1/30 is 3.333…%.
    expect(distanceText(alert({ fairPriceGbp: '31.00' }), rates)).toBe('3.3% above your threshold')
  })

  it('says the price is there once it reaches the threshold, equal included', () => {
    expect(distanceText(alert({ fairPriceGbp: '30.00' }), rates)).toBe('at or below your threshold')
    expect(distanceText(alert({ fairPriceGbp: '12.00' }), rates)).toBe('at or below your threshold')
    expect(
      distanceText(alert({ direction: 'above', thresholdValue: '40', fairPriceGbp: '40.00' }), rates),
    ).toBe('at or above your threshold')
  })

  it("compares in the threshold's own currency, as the engine does", () => {
    // £40 is €45.00: exactly a threshold of €45.
    expect(distanceText(alert({ currency: 'EUR', thresholdValue: '45', fairPriceGbp: '40.00' }), rates)).toBe(
      'at or below your threshold',
    )
    // £36 is €40.50, 10% short of €45.
    expect(
      distanceText(
        alert({ direction: 'above', currency: 'EUR', thresholdValue: '45', fairPriceGbp: '36.00' }),
        rates,
      ),
    ).toBe('10.0% below your threshold')
  })

  it('says nothing without a price', () => {
    expect(distanceText(alert({}), rates)).toBeNull()
  })
})

describe('what re-arms a fired alert, on the watchlist', () => {
  it('names the way back and the price, in the display currency', () => {
    const fired = { rearmsPast: '30.60', currency: 'GBP', direction: 'below' } as const
    expect(rearmText(fired, 'GBP', rates)).toBe('fires again once back above £30.60')
    // £30.60 at 0.8 pounds to the dollar.
    expect(rearmText(fired, 'USD', rates)).toBe('fires again once back above $38.25')
    expect(rearmText({ ...fired, direction: 'above', rearmsPast: '29.40' }, 'GBP', rates)).toBe(
      'fires again once back below £29.40',
    )
  })

  it('says nothing of an alert ready to fire', () => {
    expect(rearmText({ rearmsPast: null, currency: 'GBP', direction: 'below' }, 'GBP', rates)).toBeNull()
  })
})

describe('the toast that confirms a create, save or resume, when the request fired the alert', () => {
  const fired = { lastTriggered: '2026-12-06T18:00:00.000Z', direction: 'below' } as const

  it('says the alert has fired, on the side the alert watches', () => {
    expect(firedNowText(undefined, fired)).toBe(
      "Today's fair price is already at or below your threshold, so it has fired: see Alerts.",
    )
    expect(firedNowText({ lastTriggered: null }, { ...fired, direction: 'above' })).toBe(
      "Today's fair price is already at or above your threshold, so it has fired: see Alerts.",
    )
    expect(firedNowText({ lastTriggered: '2026-12-01T09:00:00.000Z' }, fired)).toMatch(/so it has fired/)
  })

  it('says nothing when the request fired nothing: never fired, or fired before it', () => {
    expect(firedNowText(undefined, { ...fired, lastTriggered: null })).toBeUndefined()
    expect(firedNowText({ lastTriggered: fired.lastTriggered }, fired)).toBeUndefined()
  })
})
