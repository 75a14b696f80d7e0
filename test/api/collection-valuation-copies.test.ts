import Big from 'big.js'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import { collectionApi } from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * ADR 021: each entry carries copies of its grade, its item's type and theme and its grade's fair price,
 * written by database triggers. Whatever changes the sources — a sale and its recompute, a deleted sale, an
 * item's edit, the entry's own condition — the collection's values follow at once, and the copies always
 * agree with what they copy.
 */
const context = setupTestApp()
let people: Record<'collector' | 'admin', string>
let api: ReturnType<typeof collectionApi>
let itemId = 0
let entryId = 0
let sealed = 0
let saleId = ''

const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await context.app.inject({ method, url, headers: { cookie: people.admin }, payload })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.body ? response.json() : undefined
}

const item = (theme: string) => ({
  type: 'set',
  name: 'Copy Check Castle',
  number: '930001-1',
  theme,
  year: 2025,
  pieces: 500,
})

const entry = async () => (await api.entries(people.collector)).find((row) => row.id === entryId)

/**
 * The copies on every entry agree with the condition, item and snapshot they copy. The price's time is the time
 * it was last written (ADR 046): on the snapshot's day, never after the snapshot's own time.
 */
async function copiesDisagreeing(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    context.database.db,
    sql`select count(*)::int as n from collections c
      join conditions cd on cd.id = c.condition_id join items i on i.id = c.item_id
      left join price_snapshots ps on ps.item_id = c.item_id and ps.grade = cd.grade
      where c.grade is distinct from cd.grade or c.item_type is distinct from i.type
        or c.item_theme is distinct from i.theme or c.fair_price_gbp is distinct from ps.fair_price_gbp
        or c.previous_fair_price_gbp is distinct from ps.previous_fair_price_gbp
        or c.price_confidence is distinct from ps.confidence or c.price_updated_at > ps.updated_at
        or (c.price_updated_at at time zone 'UTC')::date is distinct from (ps.updated_at at time zone 'UTC')::date`,
  )
  return row?.n ?? -1
}

beforeAll(async () => {
  const { app, database } = context
  api = collectionApi(app, database.db)
  people = await signUpPeople(app, database.db, ['collector', 'admin'])
  itemId = (await send('POST', '/api/items', item('City'))).id
  const [condition] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  sealed = condition?.id ?? 0
  entryId = (
    await api.add(people.collector, { itemId, condition: 'New/Sealed', quantity: 2, pricePaid: '10' })
  ).id
})

describe('an entry’s valuation copies', () => {
  it('start with no price for an item nobody has sold', async () => {
    expect((await entry())?.value).toBeNull()
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('follow a recorded sale once its price is recomputed', async () => {
    saleId = (
      await send('POST', `/api/items/${itemId}/sales`, {
        price: '50.00',
        currency: 'GBP',
        conditionId: sealed,
        saleDate: todayUtc(),
        source: 'eBay',
      })
    ).id
    await pricesSettled(context.app)
    const fair = (await context.app.inject({ url: `/api/items/${itemId}/price-summary` })).json().new
      .fairPrice
    expect(fair).not.toBeNull()
    expect((await entry())?.value).toBe(new Big(fair).times(2).toFixed(2))
    expect((await api.stats(people.collector)).totalValue).toBe(new Big(fair).times(2).toFixed(2))
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('are written again only when the price they show changed, or on the first recompute of a later day', async () => {
    const { db } = context.database
    const rowVersion = async () =>
      (
        await queryRows<{ version: string; at: string }>(
          db,
          sql`select xmin::text as version, price_updated_at::text as at from collections where id = ${entryId}`,
        )
      )[0]
    const recompute = (set: ReturnType<typeof sql>) =>
      db.execute(sql`update price_snapshots set ${set}, updated_at = clock_timestamp()
        where item_id = ${itemId} and grade = 'new'`)
    const before = await rowVersion()
    // A recompute that finds the same price leaves every owner’s entry as it was.
    await recompute(sql`fair_price_gbp = fair_price_gbp`)
    expect(await rowVersion()).toEqual(before)
    // A new price is copied, with its time.
    await recompute(sql`fair_price_gbp = fair_price_gbp + 1`)
    const moved = await rowVersion()
    expect(moved?.version).not.toBe(before?.version)
    expect(moved?.at).not.toBe(before?.at)
    // The same price a day later is copied too: the day says whether the 24-hour change is today's.
    await db.execute(sql`update collections set price_updated_at = price_updated_at - interval '1 day'
      where id = ${entryId}`)
    await recompute(sql`fair_price_gbp = fair_price_gbp`)
    const [snapshot] = await queryRows<{ at: string }>(
      db,
      sql`select updated_at::text as at from price_snapshots where item_id = ${itemId} and grade = 'new'`,
    )
    expect((await rowVersion())?.at).toBe(snapshot?.at)
    await recompute(sql`fair_price_gbp = fair_price_gbp - 1`)
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('follow the item’s theme when it is edited', async () => {
    await send('PUT', `/api/items/${itemId}`, item('Castle'))
    const { summary } = await api.page(people.collector)
    expect(summary.topThemes.map((theme) => theme.theme)).toContain('Castle')
    expect(summary.topThemes.map((theme) => theme.theme)).not.toContain('City')
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('follow the entry’s own condition to the other grade’s price, and back', async () => {
    await api.patch(people.collector, entryId, { condition: 'Used/Complete' })
    expect((await entry())?.value).toBeNull()
    await api.patch(people.collector, entryId, { condition: 'New/Sealed' })
    expect((await entry())?.value).not.toBeNull()
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('follow snapshots written together in one statement, as a recompute pass writes them, and one deleted', async () => {
    const otherItemId = (await send('POST', '/api/items', { ...item('City'), number: '930002-1' })).id
    const otherEntryId = (
      await api.add(people.collector, {
        itemId: otherItemId,
        condition: 'New/Sealed',
        quantity: 3,
        pricePaid: '10',
      })
    ).id
    const { db } = context.database
    // ADR 039: the copy runs once per statement; every row of the statement must reach its own entries.
    await db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp, confidence, basis, basis_count,
        sales_count, updated_at)
      values (${itemId}, 'new', 12.50, 'LOW', 'sales', 1, 1, now()), (${otherItemId}, 'new', 7.25, 'LOW', 'sales', 1, 1, now())
      on conflict (item_id, grade) do update set fair_price_gbp = excluded.fair_price_gbp, updated_at = excluded.updated_at`)
    const entryValue = async (id: number) =>
      (await api.entries(people.collector)).find((row) => row.id === id)?.value
    expect(await entryValue(entryId)).toBe('25.00')
    expect(await entryValue(otherEntryId)).toBe('21.75')
    expect(await copiesDisagreeing()).toBe(0)
    await db.execute(sql`delete from price_snapshots where item_id = ${otherItemId} and grade = 'new'`)
    expect(await entryValue(otherEntryId)).toBeNull()
    expect(await entryValue(entryId)).toBe('25.00')
    expect(await copiesDisagreeing()).toBe(0)
  })

  it('lose the price when the only sale is deleted', async () => {
    await send('DELETE', `/api/sales/${saleId}`)
    await pricesSettled(context.app)
    expect((await entry())?.value).toBeNull()
    expect(await copiesDisagreeing()).toBe(0)
  })
})
