import { describe, expect, it } from 'vitest'
import { fixtureRows, textRows } from '../read-fixture.ts'

describe('brickset-collection', () => {
  it('reads the Windows-1252, CRLF, fully quoted export: one holding per condition with copies', async () => {
    const rows = await fixtureRows('brickset-collection.csv')
    const base = { kind: 'holding', itemType: 'set', pricePaid: null, purchaseDate: null }
    expect(rows.filter((row) => row.line === 2)).toEqual([
      {
        ...base,
        line: 2,
        number: '76391-1',
        name: "Hogwarts Icons - Collectors' Edition",
        notes: 'Bought at the LEGO Store – Café corner',
        quantity: 1,
        condition: { grade: 'new', label: 'New/Sealed', sourceWord: 'new' },
        sourceRef: '76391-1:new',
      },
      {
        ...base,
        line: 2,
        number: '76391-1',
        name: "Hogwarts Icons - Collectors' Edition",
        notes: 'Bought at the LEGO Store – Café corner',
        quantity: 1,
        condition: { grade: 'used', label: null, sourceWord: 'used' },
        sourceRef: '76391-1:used',
      },
      {
        kind: 'skipped',
        line: 2,
        number: '76391-1',
        name: "Hogwarts Icons - Collectors' Edition",
        message: 'not wanted',
        target: 'wanted',
      },
    ])
  })

  it('keeps quoted commas and curly apostrophes in names and notes', async () => {
    const rows = await fixtureRows('brickset-collection.csv')
    expect(rows.find((row) => row.line === 4)).toMatchObject({
      name: 'Fawkes, Dumbledore’s Phoenix',
      notes: 'Gift from "Gran"',
    })
  })

  it('holds the copies new and used do not account for without a condition', async () => {
    const holdings = (await fixtureRows('brickset-collection.csv')).filter((row) => row.kind === 'holding')
    expect(
      holdings
        .filter((row) => row.number === '21318-1')
        .map((row) => [row.quantity, row.condition?.grade ?? null, row.sourceRef]),
    ).toEqual([
      [1, 'new', '21318-1:new'],
      [2, 'used', '21318-1:used'],
      [2, null, '21318-1:unspecified'],
    ])
    expect(holdings.find((row) => row.number === '76406-1')).toMatchObject({
      quantity: 3,
      condition: null,
      sourceRef: '76406-1:unspecified',
    })
  })

  it('skips sets with nothing owned for the collection, and makes wanted rows of wanted ones', async () => {
    const rows = await fixtureRows('brickset-collection.csv')
    expect(rows.filter((row) => row.line === 5)).toEqual([
      {
        kind: 'skipped',
        line: 5,
        number: '75192-1',
        name: 'Millennium Falcon',
        message: 'not owned',
        target: 'collection',
      },
      {
        kind: 'wanted',
        line: 5,
        number: '75192-1',
        name: 'Millennium Falcon',
        itemType: 'set',
        quantity: 1,
        quantityFilled: 0,
        grade: null,
        maxPrice: null,
        notes: null,
        sourceRef: '75192-1',
      },
    ])
    expect(
      rows.filter((row) => row.line === 6).map((row) => row.kind === 'skipped' && [row.message, row.target]),
    ).toEqual([
      ['not owned', 'collection'],
      ['not wanted', 'wanted'],
    ])
    expect(rows.find((row) => row.kind === 'wanted' && row.number === '21318-1')).toMatchObject({
      quantity: 2,
    })
  })

  it('rejects a row with a bad count, naming the column', async () => {
    const rows = await textRows(
      'Number,Set name,Qty owned,Qty owned new\n75192-1,Falcon,two,0\n,Nameless,1,1\n',
    )
    expect(rows).toEqual([
      {
        kind: 'rejected',
        line: 2,
        number: '75192-1',
        name: 'Falcon',
        message: 'Qty owned "two" is not a whole number',
      },
      { kind: 'rejected', line: 3, number: null, name: 'Nameless', message: 'Number is empty' },
    ])
  })
})
