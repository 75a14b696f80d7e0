import { describe, expect, it } from 'vitest'
import { fixtureRows } from '../read-fixture.ts'
import { bricksetRetailRow } from './brickset-sets.ts'

const base = {
  set_num: '75192-1',
  number: '75192',
  numberVariant: '1',
  US_retailPrice: '849.99',
  US_dateFirstAvailable: '2018-01-10T00:00:00Z',
  US_dateLastAvailable: 'NA',
  UK_retailPrice: 'NA',
  UK_dateFirstAvailable: 'NA',
  UK_dateLastAvailable: 'NA',
  CA_retailPrice: '1049.99',
  CA_dateFirstAvailable: '2018-01-10',
  CA_dateLastAvailable: '2024-03-01T00:00:00Z',
  DE_retailPrice: 'NA',
  DE_dateFirstAvailable: 'NA',
  DE_dateLastAvailable: 'NA',
}

describe('bricksetRetailRow', () => {
  it('reads each region’s price in its currency with its days, NA as missing', () => {
    expect(bricksetRetailRow(base)).toEqual({
      setNumber: '75192-1',
      prices: [
        {
          region: 'US',
          amount: '849.99',
          currency: 'USD',
          firstAvailable: '2018-01-10',
          lastAvailable: null,
        },
        {
          region: 'CA',
          amount: '1049.99',
          currency: 'CAD',
          firstAvailable: '2018-01-10',
          lastAvailable: '2024-03-01',
        },
      ],
    })
  })

  it('builds the set number from number and numberVariant when set_num is missing', () => {
    expect(bricksetRetailRow({ ...base, set_num: 'NA' }).setNumber).toBe('75192-1')
    expect(() => bricksetRetailRow({ ...base, set_num: '', number: 'NA' })).toThrow('set_num')
  })

  it('refuses what is not an amount or a date, naming the column', () => {
    expect(() => bricksetRetailRow({ ...base, US_retailPrice: '$849.99' })).toThrow(
      'US_retailPrice is not an amount: "$849.99"',
    )
    expect(() => bricksetRetailRow({ ...base, US_retailPrice: '849.999' })).toThrow('US_retailPrice')
    expect(() => bricksetRetailRow({ ...base, CA_dateFirstAvailable: '10/01/2018' })).toThrow(
      'CA_dateFirstAvailable is not a date',
    )
  })

  it('has no prices for a set the file prices nowhere', () => {
    expect(bricksetRetailRow({ ...base, US_retailPrice: 'NA', CA_retailPrice: 'NA' }).prices).toEqual([])
  })
})

describe('brickset-sets', () => {
  it('reads regional prices as retail-prices rows, skips a set priced nowhere, rejects a bad price', async () => {
    const rows = await fixtureRows('brickset-sets.csv')
    expect(rows).toEqual([
      {
        kind: 'retail-prices',
        line: 2,
        setNumber: '75192-1',
        prices: [
          {
            region: 'US',
            amount: '849.99',
            currency: 'USD',
            firstAvailable: '2017-10-01',
            lastAvailable: null,
          },
          {
            region: 'UK',
            amount: '734.99',
            currency: 'GBP',
            firstAvailable: '2017-10-01',
            lastAvailable: null,
          },
          {
            region: 'DE',
            amount: '799.99',
            currency: 'EUR',
            firstAvailable: '2017-10-01',
            lastAvailable: '2024-12-31',
          },
        ],
      },
      { kind: 'skipped', line: 3, number: '1-8', name: 'Small house set', message: 'no retail price' },
      {
        kind: 'rejected',
        line: 4,
        number: '10276-1',
        name: 'Colosseum',
        message: 'CA_retailPrice is not an amount: "$649.99"',
      },
    ])
  })
})
