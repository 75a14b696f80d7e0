import { describe, expect, it } from 'vitest'
import { allocationRows, shares } from './allocation-shares.ts'

describe('allocation', () => {
  it('shares a whole in percent with one decimal', () => {
    expect(shares(['50.00', '25.00', '25.00'])).toEqual(['50.0', '25.0', '25.0'])
    expect(shares(['1', '2'])).toEqual(['33.3', '66.7'])
    expect(shares(['0', '0'])).toEqual(['0.0', '0.0'])
  })

  it('shares by value, or by cost while nothing has a price', () => {
    const priced = allocationRows([
      { theme: 'Star Wars', value: '75.00', costBasis: '10.00' },
      { theme: 'City', value: '25.00', costBasis: '90.00' },
    ])
    expect(priced.basis).toBe('value')
    expect(priced.rows.map((row) => [row.amount, row.percent])).toEqual([
      ['75.00', '75.0'],
      ['25.00', '25.0'],
    ])
    const unpriced = allocationRows([
      { type: 'set', value: '0.00', costBasis: '30.00' },
      { type: 'minifig', value: '0.00', costBasis: '10.00' },
    ])
    expect(unpriced.basis).toBe('costBasis')
    expect(unpriced.rows.map((row) => row.percent)).toEqual(['75.0', '25.0'])
  })
})
