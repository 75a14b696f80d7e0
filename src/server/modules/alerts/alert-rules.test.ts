import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AlertStep, alertStep, rearmsPast } from './alert-rules.ts'

/** Runs an alert through a series of prices: what it did at each, starting armed. */
function walk(direction: 'below' | 'above', threshold: string, prices: Array<string | null>): AlertStep[] {
  let armed = true
  return prices.map((price) => {
    const step = alertStep({ direction, threshold, price, armed })
    if (step === 'fire') armed = false
    if (step === 'rearm') armed = true
    return step
  })
}

describe('alertStep', () => {
  it('fires once on crossing below, re-arms only 2 % back above, then fires again', () => {
    expect(
      walk('below', '600.00', [
        '650.00',
        '600.00',
        '590.00',
        '605.00',
        '611.99',
        '595.00',
        '612.01',
        '599.99',
      ]),
    ).toEqual(['none', 'fire', 'none', 'none', 'none', 'none', 'rearm', 'fire'])
  })

  it('fires once on crossing above, re-arms only 2 % back below', () => {
    expect(walk('above', '100.00', ['99.00', '100.50', '99.00', '98.00', '97.99', '101.00'])).toEqual([
      'none',
      'fire',
      'none',
      'none',
      'rearm',
      'fire',
    ])
  })

  it('shows the re-arm limit to the cent on the safe side, agreeing with alertStep either side of it', () => {
    expect(rearmsPast('below', '600.00')).toBe('612.00')
    expect(rearmsPast('above', '100.00')).toBe('98.00')
    // 333.33 and 2 % is 339.9966: every price above 339.99 re-arms, 339.99 does not.
    expect(rearmsPast('below', '333.33')).toBe('339.99')
    expect(alertStep({ direction: 'below', threshold: '333.33', price: '340.00', armed: false })).toBe(
      'rearm',
    )
    expect(alertStep({ direction: 'below', threshold: '333.33', price: '339.99', armed: false })).toBe('none')
    // 333.33 less 2 % is 326.6634: every price below 326.67 re-arms, 326.67 does not.
    expect(rearmsPast('above', '333.33')).toBe('326.67')
    expect(alertStep({ direction: 'above', threshold: '333.33', price: '326.66', armed: false })).toBe(
      'rearm',
    )
    expect(alertStep({ direction: 'above', threshold: '333.33', price: '326.67', armed: false })).toBe('none')
  })

  it('never fires on no data', () => {
    expect(walk('below', '10.00', [null, null])).toEqual(['none', 'none'])
    expect(walk('above', '10.00', [null, '10.00', null, '5.00'])).toEqual(['none', 'fire', 'none', 'rearm'])
  })

  it('fires at most once between two re-arms, whatever the prices (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('below' as const, 'above' as const),
        fc.integer({ min: 100, max: 100_000 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }), { maxLength: 60 }),
        (direction, thresholdPence, prices) => {
          const steps = walk(
            direction,
            (thresholdPence / 100).toFixed(2),
            prices.map((pence) => (pence === null ? null : (pence / 100).toFixed(2))),
          )
          const moves = steps.filter((step) => step !== 'none')
          // fire, rearm, fire, rearm…: never two fires without a re-arm between them.
          return moves.every((step, index) => step === (index % 2 === 0 ? 'fire' : 'rearm'))
        },
      ),
    )
  })
})
