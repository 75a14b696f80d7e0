import { describe, expect, it } from 'vitest'
import { fixtureRows, textRows } from '../read-fixture.ts'
import { bracketIds } from './brickowl-orders.ts'

describe('brickowl-orders', () => {
  it('takes the set number from the brackets in Name, not the BOID', async () => {
    const [first] = await fixtureRows('brickowl-orders.csv')
    expect(first).toEqual({
      kind: 'holding',
      line: 2,
      number: '75192-1',
      itemType: 'set',
      name: 'LEGO Millennium Falcon Set (75192-1)',
      quantity: 1,
      condition: { grade: 'new', label: 'New/Sealed', sourceWord: 'news' },
      pricePaid: { amount: '699.99', currency: null },
      purchaseDate: null,
      notes: 'Shrink-wrapped, "mint"',
      sourceRef: '8412345:90001',
    })
  })

  it('takes the first of several ids, maps conditions, skips parts and rejects a name without a number', async () => {
    const rows = await fixtureRows('brickowl-orders.csv')
    expect(rows[1]).toMatchObject({
      number: '42082',
      condition: { grade: 'used', label: 'Used/Complete', sourceWord: 'usedc' },
    })
    expect(rows[2]).toMatchObject({
      number: 'sw0001a',
      itemType: 'minifig',
      quantity: 4,
      condition: { grade: 'used', label: 'Used' },
    })
    expect(rows[2]).toMatchObject({ pricePaid: { amount: '1.25', currency: null } })
    expect(rows[3]).toMatchObject({
      kind: 'skipped',
      message: 'Parts are not tracked: Brickfolio keeps sets and minifigures only',
    })
    expect(rows[4]).toEqual({
      kind: 'rejected',
      line: 6,
      number: null,
      name: 'LEGO Ideas Tree House Set',
      message: 'Name has no set or minifigure number in brackets, such as (75192-1)',
    })
    expect(rows[5]).toMatchObject({
      number: '10276-1',
      condition: null,
      pricePaid: { amount: '549.99', currency: null },
    })
  })

  it('maps every BrickOwl condition code', async () => {
    const codes = ['new', 'news', 'newc', 'newi', 'usedc', 'usedi', 'usedn', 'usedg', 'useda', 'other']
    const text = `Order Id,Name,Type,Boid,Lot Id,Condition,Ordered Quantity\n${codes.map((code, index) => `1,Set (1000-1),Set,1,${index},${code},1`).join('\n')}\n`
    const rows = await textRows(text)
    expect(
      rows.map(
        (row) =>
          row.kind === 'holding' && (row.condition ? [row.condition.grade, row.condition.label] : null),
      ),
    ).toEqual([
      ['new', null],
      ['new', 'New/Sealed'],
      ['new', 'New/Open box'],
      ['new', 'New/Open box'],
      ['used', 'Used/Complete'],
      ['used', 'Used/Incomplete'],
      ['used', null],
      ['used', null],
      ['used', null],
      null,
    ])
  })

  it('lists the ids in brackets as written', () => {
    expect(bracketIds('LEGO Technic Crawler Crane (32034 / 42134)')).toEqual(['32034', '42134'])
    expect(bracketIds('Figure (sw0001a) (Tan, 1999)')).toEqual(['sw0001a', 'Tan', '1999'])
    expect(bracketIds('No brackets')).toEqual([])
  })
})
