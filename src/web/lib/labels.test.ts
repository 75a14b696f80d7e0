import { describe, expect, it } from 'vitest'
import { PORTFOLIO_RANGES, PRICE_RANGES } from '#shared/contract/values.ts'
import { itemTypeLabel, RANGE_LABELS, RANGE_NAMES } from './labels.ts'

describe('labels', () => {
  it('names the item types', () => {
    expect(itemTypeLabel('set')).toBe('Set')
    expect(itemTypeLabel('minifig')).toBe('Minifigure')
  })

  it('labels the range buttons as the spec writes them, in order', () => {
    expect(PRICE_RANGES.map((range) => RANGE_LABELS[range])).toEqual(['30D', '90D', '1Y', 'ALL'])
    expect(PORTFOLIO_RANGES.map((range) => RANGE_LABELS[range])).toEqual(['90D', '1Y', 'ALL'])
    expect(RANGE_NAMES['1y']).toBe('the last year')
  })
})
