import { describe, expect, it } from 'vitest'
import { parsePortfolioRange } from './portfolio-range.ts'

describe('analytics', () => {
  it('reads the analytics range from the URL, 1Y by default', () => {
    expect(parsePortfolioRange('')).toBe('1y')
    expect(parsePortfolioRange('?range=90d')).toBe('90d')
    expect(parsePortfolioRange('?range=all')).toBe('all')
    expect(parsePortfolioRange('?range=5y')).toBe('1y')
  })
})
