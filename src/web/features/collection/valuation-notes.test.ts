import { describe, expect, it } from 'vitest'
import type { CollectionSummary } from '#shared/contract/collections.ts'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import {
  analyticsNote,
  estimateExplanation,
  estimateNote,
  pnlCaption,
  unknownCostNote,
  unpricedNote,
} from './valuation-notes.ts'

const pounds = (amount: string | null | undefined) => `£${amount}`
const summary = (overrides: Partial<CollectionSummary>): CollectionSummary => ({
  entries: 4,
  totalItems: 4,
  setCount: 4,
  minifigCount: 0,
  totalValue: '100.00',
  costBasis: '80.00',
  pricedCost: '80.00',
  unrealizedPnl: '20.00',
  unrealizedPnlPercent: '25.00',
  change24h: '0.00',
  unpricedEntries: 0,
  unpricedCost: '0.00',
  unknownCostEntries: 0,
  unknownCostValue: '0.00',
  estimatedEntries: 0,
  estimatedValue: '0.00',
  topThemes: [],
  ...overrides,
})

describe('the valuation notes', () => {
  it('say nothing when every entry has a market price and a price paid', () => {
    const full = summary({})
    expect(unpricedNote(full, pounds)).toBeNull()
    expect(unknownCostNote(full)).toBeNull()
    expect(estimateNote(full, pounds)).toBeNull()
    expect(analyticsNote(full, pounds)).toBeNull()
    expect(pnlCaption(full)).toBeNull()
  })

  it('count the entries without a price paid, left out of P&L', () => {
    expect(unknownCostNote(summary({ unknownCostEntries: 1 }))).toBe(
      '1 entry without a price paid is left out of P&L',
    )
    expect(unknownCostNote(summary({ unknownCostEntries: 2 }))).toBe(
      '2 entries without a price paid are left out of P&L',
    )
    expect(pnlCaption(summary({ unknownCostEntries: 2 }))).toBe('on priced entries')
    expect(
      pnlCaption(summary({ unknownCostEntries: 2, unrealizedPnlPercent: null, pricedCost: '0.00' })),
    ).toBe('No price paid recorded')
  })

  it('say how much of the value is estimated at retail, and what has neither price', () => {
    const estimated = summary({
      estimatedEntries: 3,
      estimatedValue: '1234.00',
      unpricedEntries: 1,
      unpricedCost: '5.00',
    })
    expect(estimateNote(estimated, pounds)).toBe('includes £1234.00 estimated at retail (3 entries)')
    expect(unpricedNote(estimated, pounds, { retailEstimate: true })).toBe(
      '1 entry (cost £5.00) without a market or retail price',
    )
    expect(unpricedNote(estimated, pounds)).toBe('1 entry (cost £5.00) without a market price yet')
    expect(pnlCaption(estimated)).toBe('on priced entries, incl. estimates')
    expect(analyticsNote({ ...estimated, unknownCostEntries: 2 }, pounds, { retailEstimate: true })).toBe(
      'Value, P&L and ROI leave out 1 entry (cost £5.00) without a market or retail price. ' +
        'The value includes £1234.00 estimated at retail (3 entries), counted in P&L and ROI where the price ' +
        'paid is known. 2 entries without a price paid are left out of P&L and ROI.',
    )
  })

  it('explain an estimate by the retail price in the display currency, with its region', () => {
    const money = { currency: 'USD' as const, rates: FALLBACK_RATES_PER_USD }
    expect(
      estimateExplanation(
        { valueEstimated: true, retailEstimate: { region: 'US', amount: '849.99', currency: 'USD' } },
        money,
      ),
    ).toBe("Estimated at retail: $849.99 (US) per item, converted at today's rate; no market price yet.")
    // £20.00 entered with the item, at 0.73 pounds per dollar.
    expect(
      estimateExplanation(
        { valueEstimated: true, retailEstimate: { region: null, amount: '20.00', currency: 'GBP' } },
        money,
      ),
    ).toBe(
      "Estimated at retail: $27.40 per item (as entered with the item), converted at today's rate; no market price yet.",
    )
    expect(estimateExplanation({ valueEstimated: false, retailEstimate: null }, money)).toBeNull()
  })
})
