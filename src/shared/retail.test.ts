import { describe, expect, it } from 'vitest'
import { pickRetailPrice, regionForCurrency } from './retail.ts'

const falcon = [
  { region: 'US', amount: '849.99', currency: 'USD' },
  { region: 'UK', amount: '734.99', currency: 'GBP' },
  { region: 'CA', amount: '1049.99', currency: 'CAD' },
  { region: 'DE', amount: '849.99', currency: 'EUR' },
] as const

describe('pickRetailPrice', () => {
  it('shows the region of the display currency', () => {
    expect(pickRetailPrice(falcon, 'USD')?.region).toBe('US')
    expect(pickRetailPrice(falcon, 'GBP')?.amount).toBe('734.99')
    expect(pickRetailPrice(falcon, 'CAD')?.region).toBe('CA')
    expect(pickRetailPrice(falcon, 'EUR')?.region).toBe('DE')
  })

  it('falls back to the US price, then UK, CA, DE, for other currencies and missing regions', () => {
    expect(pickRetailPrice(falcon, 'JPY')?.region).toBe('US')
    expect(pickRetailPrice(falcon, 'AUD')?.region).toBe('US')
    const ukAndDe = falcon.filter((price) => price.region === 'UK' || price.region === 'DE')
    expect(pickRetailPrice(ukAndDe, 'USD')?.region).toBe('UK')
    expect(pickRetailPrice(ukAndDe, 'CAD')?.region).toBe('UK')
    expect(pickRetailPrice(ukAndDe, 'EUR')?.region).toBe('DE')
    expect(pickRetailPrice([], 'USD')).toBeUndefined()
  })

  it('maps each kept region to its currency and back', () => {
    expect(regionForCurrency('USD')).toBe('US')
    expect(regionForCurrency('GBP')).toBe('UK')
    expect(regionForCurrency('JPY')).toBeUndefined()
  })
})
