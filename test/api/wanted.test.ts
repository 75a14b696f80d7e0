import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { importResultSchema, wantedListSchema } from '#shared/contract/imports.ts'
import { fixture, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/** The wanted list: filled by importing a BrickLink wanted list, read with today's fair prices, trimmed. */
const context = setupTestApp()
let cookies: Record<'owner' | 'other', string>

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['owner', 'other'])
  // A fair price for the Titanic's new grade, as the market engine would have computed it.
  await context.database.db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp, confidence)
    select id, 'new', 512.40, 'MEDIUM' from items where number = '10294-1'
    on conflict (item_id, grade) do update set fair_price_gbp = excluded.fair_price_gbp`)
})

const wanted = async (cookie: string) => {
  const response = await context.app.inject({ url: '/api/me/wanted', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return wantedListSchema.parse(response.json())
}

describe('the wanted list', () => {
  it('holds what a BrickLink wanted list asks for, in its currency, with today’s fair price', async () => {
    const upload = (fields: Record<string, string>) =>
      importUpload(context.app, cookies.owner, { source: 'bricklink', ...fields }, [
        { name: 'wanted.xml', content: fixture('bricklink-wanted.xml') },
      ])
    const refused = await upload({})
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(
      'This file names no currency for its prices: choose the currency they are in.',
    )
    const result = importResultSchema.parse((await upload({ currency: 'USD' })).json())
    expect(result).toMatchObject({ target: 'wanted', imported: 4 })

    const list = await wanted(cookies.owner)
    expect(list.total).toBe(4)
    const byNumber = (number: string) => list.items.filter((entry) => entry.item.number === number)
    expect(byNumber('10294-1')).toEqual([
      expect.objectContaining({
        grade: 'new',
        quantity: 1,
        maxPrice: null,
        currency: null,
        fairPriceGbp: '512.40',
        source: 'bricklink-wanted',
        notes: 'Titanic <b>sealed only</b> & box must be mint',
      }),
    ])
    expect(
      byNumber('sw0001a').map(({ quantity, quantityFilled, grade, maxPriceOriginal, currency }) => ({
        quantity,
        quantityFilled,
        grade,
        maxPriceOriginal,
        currency,
      })),
    ).toEqual(
      expect.arrayContaining([
        { quantity: 1000, quantityFilled: 3, grade: null, maxPriceOriginal: '12.50', currency: 'USD' },
        { quantity: 2, quantityFilled: 0, grade: null, maxPriceOriginal: null, currency: null },
      ]),
    )
    expect(byNumber('75192-1')).toEqual([
      expect.objectContaining({
        grade: 'used',
        maxPriceOriginal: '650.00',
        currency: 'USD',
        fairPriceGbp: null,
      }),
    ])
    // The limit is kept in pounds too, converted at today's rate.
    expect(Number(byNumber('75192-1')[0]?.maxPrice)).toBeGreaterThan(0)
    expect((await wanted(cookies.other)).total).toBe(0)
  })

  it('removes the owner’s own items only', async () => {
    const [first] = (await wanted(cookies.owner)).items
    const remove = (cookie: string) =>
      context.app.inject({ method: 'DELETE', url: `/api/wanted/${first?.id}`, headers: { cookie } })
    expect((await remove(cookies.other)).statusCode).toBe(404)
    expect((await remove(cookies.owner)).statusCode).toBe(204)
    expect((await remove(cookies.owner)).statusCode).toBe(404)
    expect((await wanted(cookies.owner)).total).toBe(3)
  })

  it('pages the list', async () => {
    const response = await context.app.inject({
      url: '/api/me/wanted?limit=2&offset=2',
      headers: { cookie: cookies.owner },
    })
    const page = wantedListSchema.parse(response.json())
    expect(page).toMatchObject({ total: 3 })
    expect(page.items).toHaveLength(1)
  })
})
