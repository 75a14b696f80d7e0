import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD, formatPrice } from '#shared/money.ts'
import { noMsrpLabel, retailText } from './retail-label.ts'

const label = (number: string, name: string) => ({
  short: noMsrpLabel({ number, name }, 'short'),
  long: noMsrpLabel({ number, name }, 'long'),
})

describe('noMsrpLabel', () => {
  it('labels promotional sets by number (PROMO) or name (Promo)', () => {
    expect(label('PROMO2023-1', 'Brick Bag')).toEqual({ short: 'Promotional', long: 'Promotional Item' })
    expect(label('40000-1', 'Promotional Polybag')).toEqual({
      short: 'Promotional',
      long: 'Promotional Item',
    })
  })

  it('labels value packs by Bonus or Value Pack in the name', () => {
    expect(label('66000-1', 'Star Wars Bonus Pack')).toEqual({ short: 'Value Pack', long: 'Value Pack' })
    expect(label('66001-1', 'City Value Pack')).toEqual({ short: 'Value Pack', long: 'Value Pack' })
  })

  it("labels mini sets by 'Mini ' in the name (with the space)", () => {
    expect(label('30000-1', 'Mini X-Wing')).toEqual({ short: 'Mini Set', long: 'Mini Set' })
    expect(label('30001-1', 'Minifigure Display').short).toBe('Price TBD')
  })

  it('labels toy fair exclusives by TF in the number', () => {
    expect(label('TF2019-1', 'Toy Fair Falcon')).toEqual({ short: 'Toy Fair', long: 'Toy Fair Exclusive' })
  })

  it("labels collector editions by 'Collectors Set' in the name", () => {
    expect(label('10000-1', 'Castle Collectors Set')).toEqual({
      short: 'Collector',
      long: 'Collector Edition',
    })
  })

  it('falls back to Price TBD / Price Not Available', () => {
    expect(label('75192-1', 'Millennium Falcon')).toEqual({ short: 'Price TBD', long: 'Price Not Available' })
  })

  it('applies the rules in order: promotional before value pack before mini set', () => {
    expect(label('PROMO-1', 'Mini Bonus Pack').short).toBe('Promotional')
    expect(label('50000-1', 'Mini Bonus Pack').short).toBe('Value Pack')
    expect(label('TF-1', 'Mini Falcon').short).toBe('Mini Set')
  })

  it('is case-sensitive as the spec words it', () => {
    expect(label('promo-1', 'Falcon').short).toBe('Price TBD')
    expect(label('tf-1', 'Falcon').short).toBe('Price TBD')
  })
})

describe('retailText', () => {
  const usd = { currency: 'USD', rates: FALLBACK_RATES_PER_USD } as const
  const gbp = { currency: 'GBP', rates: FALLBACK_RATES_PER_USD } as const
  it('formats a price when there is one', () => {
    expect(retailText({ number: '1-1', name: 'A', originalMsrp: '9.99' }, 'short', gbp)).toEqual({
      text: '£9.99',
      isPrice: true,
    })
  })
  it('uses the label when there is none', () => {
    expect(retailText({ number: '1-1', name: 'A', originalMsrp: null }, 'long', usd)).toEqual({
      text: 'Price Not Available',
      isPrice: false,
    })
    expect(
      retailText({ number: '1-1', name: 'A', originalMsrp: null, retailPrices: [] }, 'short', usd).text,
    ).toBe('Price TBD')
  })
  it('shows the regional price of the display currency, as it is, with its region', () => {
    const falcon = {
      number: '75192-1',
      name: 'Millennium Falcon',
      originalMsrp: '734.99',
      retailPrices: [
        { region: 'UK', amount: '734.99', currency: 'GBP' },
        { region: 'US', amount: '849.99', currency: 'USD' },
      ],
    } as const
    expect(retailText(falcon, 'short', usd)).toEqual({ text: '$849.99', isPrice: true, region: 'US' })
    expect(retailText(falcon, 'short', gbp)).toEqual({ text: '£734.99', isPrice: true, region: 'UK' })
    // No Canadian price: the US one, converted, still labelled US.
    const cad = { currency: 'CAD', rates: FALLBACK_RATES_PER_USD } as const
    const converted = retailText(falcon, 'short', cad)
    expect(converted.region).toBe('US')
    expect(converted.text).toBe(formatPrice('849.99', 'CAD', FALLBACK_RATES_PER_USD, 'USD'))
  })
})
