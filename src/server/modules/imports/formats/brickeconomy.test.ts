import { describe, expect, it } from 'vitest'
import { fixtureRows, textRows } from '../read-fixture.ts'

describe('brickeconomy-collection', () => {
  it('reads one holding per copy with its symbol, condition, date and notes', async () => {
    const [first, second] = await fixtureRows('brickeconomy-collection.csv')
    expect(first).toEqual({
      kind: 'holding',
      line: 2,
      number: '75192-1',
      itemType: 'set',
      name: 'Millennium Falcon',
      quantity: 1,
      condition: { grade: 'new', label: 'New/Sealed', sourceWord: 'New' },
      pricePaid: { amount: '649.99', currency: 'EUR' },
      purchaseDate: { kind: 'ambiguous', first: 3, second: 7, year: 2025, raw: '03/07/2025' },
      notes: 'Black Friday deal',
      sourceRef: '75192-1|New|€649.99|03/07/2025|#0',
    })
    expect(second).toMatchObject({
      pricePaid: { amount: '89.99', currency: 'USD' },
      purchaseDate: { kind: 'iso', iso: '2025-01-15' },
      condition: { grade: 'used', label: 'Used/Complete', sourceWord: 'UsedAsNew' },
    })
  })

  it('reads decimal commas and thousands separators per cell, and day-first dates as proof', async () => {
    const rows = await fixtureRows('brickeconomy-collection.csv')
    expect(rows[2]).toMatchObject({
      pricePaid: { amount: '149.99', currency: 'EUR' },
      purchaseDate: { first: 25, second: 12 },
    })
    expect(rows[2]).toMatchObject({ condition: { label: 'Used/Complete', sourceWord: 'UsedComplete' } })
    expect(rows[3]).toMatchObject({
      pricePaid: { amount: '1234.56', currency: 'EUR' },
      condition: { label: 'Used/Incomplete' },
    })
  })

  it('keeps two identical copies as two entries with their own identity', async () => {
    const rows = await fixtureRows('brickeconomy-collection.csv')
    expect(
      rows
        .filter((row) => row.kind === 'holding' && row.number === '40516-1')
        .map((row) => row.kind === 'holding' && row.sourceRef),
    ).toEqual(['40516-1|New|€34.99||#0', '40516-1|New|€34.99||#1'])
  })

  it('rejects an impossible date and a currency we do not keep, with their lines', async () => {
    const rows = await fixtureRows('brickeconomy-collection.csv')
    expect(rows.filter((row) => row.kind === 'rejected')).toEqual([
      {
        kind: 'rejected',
        line: 8,
        number: '71043-1',
        name: 'Hogwarts Castle',
        message: 'Date "31/02/2024" is not a real date',
      },
      {
        kind: 'rejected',
        line: 9,
        number: '42115-1',
        name: 'Lamborghini Sián FKP 37',
        message:
          'Paid "1 299 zł" is in PLN, a currency Brickfolio does not keep (it keeps USD, EUR, GBP, CAD, AUD, JPY, CHF, SEK, NOK, DKK)',
      },
    ])
  })

  it('leaves an empty price unknown and refuses a condition it does not know', async () => {
    const rows = await textRows(
      'Number,SetName,Paid,Condition,Date\n75192-1,Falcon,,New,\n10276-1,Colosseum,€1,Mint,\n',
    )
    expect(rows[0]).toMatchObject({ pricePaid: null, purchaseDate: null })
    expect(rows[1]).toMatchObject({
      kind: 'rejected',
      message: 'Condition "Mint" is not New, UsedAsNew, UsedComplete or UsedIncomplete',
    })
  })
})

describe('brickeconomy-owned', () => {
  it('holds owned copies without a condition and makes wanted rows of wanted counts', async () => {
    const rows = await fixtureRows('brickeconomy-owned.csv')
    expect(rows.filter((row) => row.line === 4)).toEqual([
      {
        kind: 'holding',
        line: 4,
        number: '21318-1',
        name: 'Tree House',
        itemType: 'set',
        notes: null,
        sourceRef: '21318-1',
        quantity: 1,
        condition: null,
        pricePaid: null,
        purchaseDate: null,
      },
      {
        kind: 'wanted',
        line: 4,
        number: '21318-1',
        name: 'Tree House',
        itemType: 'set',
        notes: null,
        sourceRef: '21318-1',
        quantity: 2,
        quantityFilled: 0,
        grade: null,
        maxPrice: null,
      },
    ])
    expect(
      rows
        .filter((row) => row.kind === 'skipped')
        .map((row) => row.kind === 'skipped' && [row.line, row.message, row.target]),
    ).toEqual([
      [2, 'not wanted', 'wanted'],
      [3, 'not owned', 'collection'],
      [5, 'not owned', 'collection'],
      [5, 'not wanted', 'wanted'],
    ])
  })
})
