import { describe, expect, it } from 'vitest'
import { fixtureRows, textRows } from '../read-fixture.ts'

describe('catalogue-csv', () => {
  it("reads the spec's columns into catalogue items, MSRP without a symbol left to the import's currency", async () => {
    const rows = await fixtureRows('catalogue.csv')
    expect(rows[0]).toEqual({
      kind: 'catalogue-item',
      line: 2,
      type: 'set',
      number: '75192-1',
      name: 'Millennium Falcon',
      theme: 'Star Wars',
      year: 2017,
      pieces: 7541,
      minifigures: 8,
      imageUrl: null,
      msrp: { amount: '849.99', currency: null },
      retired: false,
    })
    expect(rows[1]).toMatchObject({
      type: 'minifig',
      number: 'sw0001a',
      pieces: null,
      msrp: null,
      retired: true,
    })
    expect(rows[2]).toMatchObject({
      name: 'Galaxy Explorer, 90th anniversary',
      msrp: { amount: '99.99', currency: 'EUR' },
    })
  })

  it("checks each field with the item form's rules and words", async () => {
    const rows = await fixtureRows('catalogue.csv')
    expect(rows.slice(3)).toEqual([
      { kind: 'rejected', line: 5, number: null, name: 'Nameless', message: 'Item number is required' },
      {
        kind: 'rejected',
        line: 6,
        number: '6080-1',
        name: "King's Castle",
        message: 'Year must be 1950 or later',
      },
      {
        kind: 'rejected',
        line: 7,
        number: '30654-1',
        name: 'X-Wing Starfighter',
        message: 'type "polybag" must be set or minifig',
      },
    ])
    const more = await textRows(
      'item_number,name,theme,year,pieces,minifigures,original_msrp,type,retired\n1-1,A,B,2030,1,0,,set,false\n1-2,A,B,2020,0,0,,set,false\n1-3,A,B,2020,1,-1,,set,false\n1-4,A,B,2020,1,0,abc,set,false\n1-5,A,B,2020,1,0,,set,maybe\n',
    )
    expect(more.map((row) => row.kind === 'rejected' && row.message)).toEqual([
      'Year cannot be in the future',
      'Pieces must be at least 1',
      'minifigures "-1" is not a whole number',
      'original_msrp "abc" is not an amount',
      'retired "maybe" is not true or false',
    ])
  })
})

describe('catalogue-json', () => {
  it('reads both key spellings, numbers as values or strings, each item with its line', async () => {
    const rows = await fixtureRows('catalogue.json')
    expect(rows[0]).toMatchObject({
      line: 3,
      number: '75192-1',
      year: 2017,
      msrp: { amount: '849.99', currency: null },
      retired: false,
    })
    expect(rows[1]).toMatchObject({
      line: 14,
      type: 'minifig',
      number: 'sw0001a',
      year: 1999,
      msrp: null,
      retired: true,
    })
    expect(rows[2]).toMatchObject({
      number: '10497-1',
      pieces: 1254,
      msrp: { amount: '99.99', currency: 'EUR' },
    })
    expect(rows[2]).toMatchObject({ imageUrl: 'https://images.example.com/10497.jpg', retired: null })
  })

  it('rejects an item that is not an object or misses a field, and reads on', async () => {
    const rows = await fixtureRows('catalogue.json')
    expect(rows.slice(3)).toEqual([
      { kind: 'rejected', line: 33, number: 'bad', name: null, message: 'Name is required' },
      {
        kind: 'rejected',
        line: 34,
        number: null,
        name: null,
        message: 'This item is not an object with item_number, name, theme and type',
      },
    ])
  })

  it('reads a bare array, and refuses a nested object as a value', async () => {
    const rows = await textRows('[{"number":"1-1","name":"A","theme":"B","type":"set","pieces":{"n":1}}]')
    expect(rows).toEqual([
      { kind: 'rejected', line: 1, number: '1-1', name: 'A', message: 'pieces must be text or a number' },
    ])
  })
})
