import { describe, expect, it } from 'vitest'
import { fixtureRows } from '../read-fixture.ts'

describe('rebrickable-setlist', () => {
  it('reads each set as a holding without a condition and as a wanted row, keyed by set and inventory', async () => {
    const rows = await fixtureRows('rebrickable-setlist.csv')
    expect(rows.slice(0, 2)).toEqual([
      {
        kind: 'holding',
        line: 2,
        number: '76039-1',
        name: null,
        itemType: 'set',
        notes: null,
        sourceRef: '76039-1:3961',
        quantity: 1,
        condition: null,
        pricePaid: null,
        purchaseDate: null,
      },
      {
        kind: 'wanted',
        line: 2,
        number: '76039-1',
        name: null,
        itemType: 'set',
        notes: null,
        sourceRef: '76039-1:3961',
        quantity: 1,
        quantityFilled: 0,
        grade: null,
        maxPrice: null,
      },
    ])
    expect(rows[4]).toMatchObject({ number: 'fig-001019', itemType: 'minifig', sourceRef: 'fig-001019' })
    expect(rows.at(-1)).toEqual({
      kind: 'skipped',
      line: 5,
      number: '6080-1',
      name: null,
      message: 'Quantity is 0',
    })
  })

  it('reads the newer lower-case header with Inventory ver and t/f booleans', async () => {
    const rows = await fixtureRows('rebrickable-setlist-ver.csv')
    expect(
      rows
        .filter((row) => row.kind === 'holding')
        .map((row) => row.kind === 'holding' && [row.number, row.quantity, row.sourceRef]),
    ).toEqual([
      ['76039-1', 1, '76039-1:1'],
      ['75192-1', 2, '75192-1:2'],
    ])
    expect(rows.at(-1)).toEqual({
      kind: 'rejected',
      line: 4,
      number: '10276-1',
      name: null,
      message: 'Quantity "x" is not a whole number',
    })
  })
})
