import { describe, expect, it } from 'vitest'
import { fixtureRows, textRows } from '../read-fixture.ts'

describe('bricklink-inventory', () => {
  it('reads a lot: quantity, sealed condition, MYCOST in BASECURRENCYCODE rounded half-up, notes, lot id', async () => {
    const [first] = await fixtureRows('bricklink-inventory.xml')
    expect(first).toEqual({
      kind: 'holding',
      line: 3,
      number: '75192-1',
      itemType: 'set',
      name: 'Millennium Falcon - UCS (2nd edition)',
      quantity: 2,
      condition: { grade: 'new', label: 'New/Sealed', sourceWord: 'New, sealed' },
      pricePaid: { amount: '680.00', currency: 'EUR' },
      purchaseDate: null,
      notes: 'Shelf A <top> & dry\nBox has minor shelf wear\nShips boxed',
      sourceRef: '312345678',
    })
  })

  it('reads QTY with a thousands separator, an unescaped &, MYCOST 0 as unknown, minifig and part lots', async () => {
    const rows = await fixtureRows('bricklink-inventory.xml')
    expect(rows[1]).toMatchObject({
      number: '30654-1',
      quantity: 1752,
      pricePaid: { amount: '2.13', currency: 'EUR' },
      notes: 'Bought from Brick & Mortar Toys',
    })
    expect(rows[1]).toMatchObject({ condition: { grade: 'new', label: null, sourceWord: 'New' } })
    expect(rows[2]).toMatchObject({
      number: 'sw0001a',
      itemType: 'minifig',
      pricePaid: null,
      condition: { grade: 'used', label: 'Used' },
    })
    expect(rows[3]).toEqual({
      kind: 'skipped',
      line: 46,
      number: '3001',
      name: 'Brick 2 x 4',
      message: 'Parts are not tracked: Brickfolio keeps sets and minifigures only',
    })
  })

  it('keys a lot without LOTID by its fields, and rejects a bad MYCOST with its line', async () => {
    const rows = await fixtureRows('bricklink-inventory.xml')
    expect(rows[4]).toMatchObject({
      line: 57,
      sourceRef: 'S:6080-1:0:U:I',
      pricePaid: null,
      condition: { label: 'Used/Incomplete' },
    })
    expect(rows[5]).toEqual({
      kind: 'rejected',
      line: 68,
      number: '6080-1',
      name: "King's Castle",
      message: 'MYCOST "1O5.00" is not an amount',
    })
  })

  it('maps every CONDITION and SUBCONDITION of a set', async () => {
    const lot = (condition: string, sub: string) =>
      `<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>6080-1</ITEMID><QTY>1</QTY><CONDITION>${condition}</CONDITION><SUBCONDITION>${sub}</SUBCONDITION></ITEM>`
    const pairs = [
      ['N', 'S'],
      ['N', 'M'],
      ['N', 'C'],
      ['N', 'I'],
      ['N', ''],
      ['U', 'C'],
      ['U', 'I'],
      ['U', ''],
    ]
    const rows = await textRows(
      `<INVENTORY>${pairs.map(([condition, sub]) => lot(condition as string, sub as string)).join('')}</INVENTORY>`,
    )
    expect(
      rows.map(
        (row) => row.kind === 'holding' && [row.condition?.grade, row.condition?.label, row.sourceRef],
      ),
    ).toEqual([
      ['new', 'New/Sealed', 'S:6080-1::N:S'],
      ['new', 'New/Sealed', 'S:6080-1::N:M'],
      ['new', 'New/Open box', 'S:6080-1::N:C'],
      ['new', 'New/Open box', 'S:6080-1::N:I'],
      ['new', null, 'S:6080-1::N:'],
      ['used', 'Used/Complete', 'S:6080-1::U:C'],
      ['used', 'Used/Incomplete', 'S:6080-1::U:I'],
      ['used', null, 'S:6080-1::U:'],
    ])
  })

  it('numbers repeated identical lots without an id by their occurrence', async () => {
    const lot =
      '<ITEM><ITEMTYPE>M</ITEMTYPE><ITEMID>sw0001a</ITEMID><QTY>1</QTY><CONDITION>U</CONDITION><PRICE>1</PRICE></ITEM>'
    const rows = await textRows(`<INVENTORY>${lot}${lot}${lot}</INVENTORY>`)
    expect(rows.map((row) => row.kind === 'holding' && row.sourceRef)).toEqual([
      'M:sw0001a::U:',
      'M:sw0001a::U:#2',
      'M:sw0001a::U:#3',
    ])
  })
})

describe('bricklink-wanted', () => {
  it('reads MAXPRICE -1 as no limit, undoes double escaping, keys by type, id, colour, condition and list', async () => {
    const [first] = await fixtureRows('bricklink-wanted.xml')
    expect(first).toEqual({
      kind: 'wanted',
      line: 2,
      number: '10294-1',
      itemType: 'set',
      name: null,
      quantity: 1,
      quantityFilled: 0,
      grade: 'new',
      maxPrice: null,
      notes: 'Titanic <b>sealed only</b> & box must be mint',
      sourceRef: 'S:10294-1:0:N@1234567',
    })
  })

  it('reads MINQTY 1,000, QTYFILLED, CONDITION X, an unescaped &, an empty ITEMTYPE and a part', async () => {
    const rows = await fixtureRows('bricklink-wanted.xml')
    expect(rows[1]).toMatchObject({
      number: 'sw0001a',
      itemType: 'minifig',
      quantity: 1000,
      quantityFilled: 3,
      grade: null,
      notes: 'Droids & more',
    })
    expect(rows[1]).toMatchObject({ maxPrice: { amount: '12.50', currency: null } })
    expect(rows[2]).toMatchObject({
      number: '75192-1',
      itemType: null,
      grade: 'used',
      maxPrice: { amount: '650.00', currency: null },
      sourceRef: ':75192-1:0:U',
    })
    expect(rows[2]).toMatchObject({ notes: "From BrickLink's own sample: no type" })
    expect(rows[3]).toMatchObject({
      kind: 'skipped',
      line: 33,
      number: '3001',
      message: 'Parts are not tracked: Brickfolio keeps sets and minifigures only',
    })
  })

  it('keeps a repeated item as its own row, and rejects a currency we do not keep', async () => {
    const rows = await fixtureRows('bricklink-wanted.xml')
    expect(rows[4]).toMatchObject({
      line: 40,
      quantity: 2,
      sourceRef: 'M:sw0001a:0:X@1234567#2',
    })
    expect(rows[5]).toMatchObject({
      kind: 'rejected',
      line: 48,
      number: '6080-1',
      message: expect.stringMatching(/^MAXPRICE "300 zł" is in PLN/),
    })
  })

  it('names each untracked item type, and refuses an unknown one', async () => {
    const item = (type: string) => `<ITEM><ITEMTYPE>${type}</ITEMTYPE><ITEMID>x</ITEMID></ITEM>`
    const rows = await textRows(`<INVENTORY>${['B', 'G', 'I', 'O', 'Z'].map(item).join('')}</INVENTORY>`)
    expect(rows.map((row) => (row.kind === 'skipped' || row.kind === 'rejected') && row.message)).toEqual([
      'Books are not tracked: Brickfolio keeps sets and minifigures only',
      'Gear is not tracked: Brickfolio keeps sets and minifigures only',
      'Instructions are not tracked: Brickfolio keeps sets and minifigures only',
      'Original boxes are not tracked: Brickfolio keeps sets and minifigures only',
      'ITEMTYPE "Z" is not a BrickLink item type (S, M, P, B, G, C, I, O or U)',
    ])
  })
})
