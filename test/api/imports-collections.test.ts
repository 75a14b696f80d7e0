import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { importPreviewSchema, importResultSchema } from '#shared/contract/imports.ts'
import { dataChecksums, fixture, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Every collection format through the API (multipart uploads of the readers' fixtures, written the way
 * each tool exports): each owned copy lands with its quantity, condition and price paid in its own
 * currency; a second import changes nothing; `replace` removes only what the same source put there.
 */
const context = setupTestApp()

/**
 * The user's entries as stored (read in SQL: the collection answer's valuation of entries without a price
 * is the valuation's part), sorted for comparing.
 */
async function entries(cookie: string) {
  const user = await context.app.inject({ url: '/api/auth/user', headers: { cookie } })
  const rows = await queryRows<Record<string, unknown>>(
    context.database.db,
    sql`select i.number, cd.label as condition, c.quantity, c.original_price::text as price, c.currency,
        c.price_paid::text as "pricePaid", c.purchase_date::text as "purchaseDate", c.source
      from collections c join items i on i.id = c.item_id join conditions cd on cd.id = c.condition_id
      where c.user_id = ${user.json().id as string}
      order by i.number, cd.label, c.original_price nulls first, c.quantity, c.source nulls first`,
  )
  return rows
}

const commit = (cookie: string, name: string, fields: Record<string, string> = {}) =>
  importUpload(context.app, cookie, { source: 'csv', ...fields }, [{ name, content: fixture(name) }])

describe('collection imports land every owned copy', () => {
  it('BrickEconomy per copy: € and $ cells each in their currency, dates day-first as the file proves', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const response = await commit(user, 'brickeconomy-collection.csv')
    expect(response.statusCode, response.body).toBe(200)
    const result = importResultSchema.parse(response.json())
    expect(result).toMatchObject({ format: 'brickeconomy-collection', target: 'collection', imported: 4 })
    // 40516-1 twice (not in the demo catalogue), 31/02/2024 and a price in złoty: each listed with its line.
    expect(result.errors.map((error) => error.row)).toEqual([6, 7, 8, 9])
    expect(await entries(user)).toEqual([
      expect.objectContaining({
        number: '10276-1',
        condition: 'Used/Incomplete',
        price: '1234.56',
        currency: 'EUR',
      }),
      expect.objectContaining({
        number: '10497-1',
        condition: 'Used/Complete',
        price: '89.99',
        currency: 'USD',
      }),
      expect.objectContaining({
        number: '21318-1',
        condition: 'Used/Complete',
        price: '149.99',
        currency: 'EUR',
      }),
      expect.objectContaining({
        number: '75192-1',
        condition: 'New/Sealed',
        quantity: 1,
        price: '649.99',
        currency: 'EUR',
        purchaseDate: '2025-07-03',
      }),
    ])
    // Each entry's pounds come from its own amount; euros and dollars are never added together.
    const rows = await queryRows<{ currency: string; total: string }>(
      context.database.db,
      sql`select currency, sum(original_price)::text as total from collections c join users u on u.id = c.user_id
        where c.source = 'brickeconomy-collection' group by currency order by currency`,
    )
    expect(rows).toEqual([
      { currency: 'EUR', total: '2034.54' },
      { currency: 'USD', total: '89.99' },
    ])
  })

  it('BrickLink store inventory: quantities, sealed and used, MYCOST as price paid, an empty cost unknown', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const response = await importUpload(context.app, user, { source: 'bricklink' }, [
      { name: 'inventory.xml', content: fixture('bricklink-inventory.xml') },
    ])
    expect(response.statusCode, response.body).toBe(200)
    expect(await entries(user)).toEqual([
      expect.objectContaining({
        number: '75192-1',
        condition: 'New/Sealed',
        quantity: 2,
        price: '680.00',
        currency: 'EUR',
      }),
      expect.objectContaining({
        number: 'sw0001a',
        condition: 'Used',
        quantity: 3,
        price: null,
        pricePaid: null,
      }),
    ])
    const [lot] = await queryRows<{ source_ref: string; notes: string; source_condition: string }>(
      context.database.db,
      sql`select source_ref, notes, source_condition from collections c join items i on i.id = c.item_id
        where i.number = '75192-1' and c.source = 'bricklink-inventory'`,
    )
    expect(lot?.source_ref).toBe('312345678')
    expect(lot?.notes).toContain('Shelf A <top> & dry')
  })

  it('Brickset collection (Windows-1252): new and used copies apart, the rest in the chosen grade', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const upload = () => commit(user, 'brickset-collection.csv', { source: 'brickset' })
    const refused = await upload()
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_CHOICES_NEEDED',
      message: '1 row does not say its condition: choose new or used.',
    })
    const response = await commit(user, 'brickset-collection.csv', {
      source: 'brickset',
      conditionWhenUnknown: 'used',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await entries(user)).toEqual([
      expect.objectContaining({ number: '21318-1', condition: 'New/Sealed', quantity: 1, price: null }),
      expect.objectContaining({ number: '21318-1', condition: 'Used/Complete', quantity: 2 }),
      expect.objectContaining({ number: '21318-1', condition: 'Used/Complete', quantity: 2 }),
    ])
  })

  it('BrickOwl orders and the older BrickEconomy shape ask for their currency and condition', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const preview = await commit(user, 'brickowl-orders.csv', { mode: 'preview' })
    expect(importPreviewSchema.parse(preview.json()).needs).toEqual({
      currency: true,
      dateOrder: false,
      conditionWhenUnknown: true,
    })
    const refused = await commit(user, 'brickowl-orders.csv')
    expect(refused.json().message).toBe(
      'This file names no currency for its prices: choose the currency they are in. ' +
        '1 row does not say its condition: choose new or used.',
    )
    const owl = await commit(user, 'brickowl-orders.csv', { currency: 'USD', conditionWhenUnknown: 'new' })
    expect(owl.statusCode, owl.body).toBe(200)
    const owned = await commit(user, 'brickeconomy-owned.csv', { conditionWhenUnknown: 'new' })
    expect(owned.statusCode, owned.body).toBe(200)
    expect(await entries(user)).toEqual([
      expect.objectContaining({
        number: '10276-1',
        condition: 'New/Sealed',
        price: '549.99',
        currency: 'USD',
      }),
      expect.objectContaining({ number: '21318-1', condition: 'New/Sealed', quantity: 1, price: null }),
      expect.objectContaining({ number: '75192-1', condition: 'New/Sealed', quantity: 2, price: null }),
      expect.objectContaining({ number: '75192-1', condition: 'New/Sealed', quantity: 1, price: '699.99' }),
      expect.objectContaining({
        number: 'sw0001a',
        condition: 'Used',
        quantity: 4,
        price: '1.25',
        currency: 'USD',
      }),
    ])
  })

  it('Rebrickable set list (both header spellings): quantities', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    for (const name of ['rebrickable-setlist.csv', 'rebrickable-setlist-ver.csv']) {
      const response = await commit(user, name, { source: 'rebrickable', conditionWhenUnknown: 'new' })
      expect(response.statusCode, response.body).toBe(200)
      expect(importResultSchema.parse(response.json()).imported).toBe(1)
    }
    // Each export names its inventory (an id, or a version), so each file's row is an entry of its own.
    expect(await entries(user)).toEqual([
      expect.objectContaining({ number: '75192-1', condition: 'New/Sealed', quantity: 2, price: null }),
      expect.objectContaining({ number: '75192-1', condition: 'New/Sealed', quantity: 2, price: null }),
    ])
  })
})

describe('what a file does not say', () => {
  it('asks for the day order when no date proves it, and reads the dates in the order chosen', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const data = [
      'Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes',
      '75192-1,Star Wars,,2017,Millennium Falcon,€799.99,€649.99,€900,New,03/07/2025,',
      '10497-1,Icons,,2024,Galaxy Explorer,$99.99,$89.99,$104.50,New,04/08/2024,',
    ].join('\n')
    const send = (fields: Record<string, string>) =>
      importUpload(context.app, user, { source: 'csv', ...fields }, [
        { name: 'be.csv', content: Buffer.from(data) },
      ])
    const preview = importPreviewSchema.parse((await send({ mode: 'preview' })).json())
    expect(preview).toMatchObject({ dateOrder: null, needs: { dateOrder: true, currency: false } })
    const refused = await send({})
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(
      'The dates in this file could be day-first or month-first (e.g. 03/07/2025): choose which.',
    )
    expect((await send({ dateOrder: 'mdy' })).statusCode).toBe(200)
    expect((await entries(user)).map((entry) => entry.purchaseDate)).toEqual(['2024-04-08', '2025-03-07'])
  })
})

describe('importing again', () => {
  it('changes nothing the second time (counts and table checksums)', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const first = importResultSchema.parse((await commit(user, 'brickeconomy-collection.csv')).json())
    const before = await dataChecksums(context.database.db)
    const second = importResultSchema.parse((await commit(user, 'brickeconomy-collection.csv')).json())
    expect(second).toMatchObject({ imported: 0, updated: 0, unchanged: first.imported, removed: 0 })
    expect(await dataChecksums(context.database.db)).toEqual(before)
  })

  it('a preview writes nothing at all', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const before = await tableChecksums(context.database.db)
    const preview = await commit(user, 'brickeconomy-collection.csv', { mode: 'preview', replace: 'true' })
    expect(importPreviewSchema.parse(preview.json()).counts).toMatchObject({
      new: 4,
      unknown: 2,
      rejected: 2,
    })
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })

  it('with replace, removes only what an earlier import from the same source made', async () => {
    const { user } = await signUpPeople(context.app, context.database.db, ['user'])
    const typedIn = await context.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: { cookie: user },
      payload: { itemId: 1, condition: 'New/Sealed', pricePaid: '10' },
    })
    expect(typedIn.statusCode).toBe(201)
    await commit(user, 'brickowl-orders.csv', { currency: 'USD', conditionWhenUnknown: 'new' })
    await commit(user, 'brickeconomy-collection.csv')
    // The same BrickLink-free file without its first two data lines: one copy sold since.
    const lines = fixture('brickeconomy-collection.csv').toString('utf8').split('\n')
    const smaller = Buffer.from([lines[0], ...lines.slice(2)].join('\n'))
    const upload = (mode: string) =>
      importUpload(context.app, user, { source: 'csv', replace: 'true', mode }, [
        { name: 'collection.csv', content: smaller },
      ])
    expect(importPreviewSchema.parse((await upload('preview')).json()).counts.remove).toBe(1)
    const result = importResultSchema.parse((await upload('commit')).json())
    expect(result.removed).toBe(1)
    const left = await entries(user)
    // The BrickEconomy copy of 75192-1 is gone; the one typed in and BrickOwl's stay.
    expect(left.filter((entry) => entry.number === '75192-1').map((entry) => entry.source)).toEqual([
      null,
      'brickowl-orders',
    ])
    expect(left.filter((entry) => entry.source === 'brickeconomy-collection')).toHaveLength(3)
    expect(left.filter((entry) => entry.source === 'brickowl-orders')).toHaveLength(3)
  })
})
