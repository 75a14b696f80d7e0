import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { findCollectionPage } from '#server/modules/collections/collections.repo.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import {
  collectionApi,
  setRetailPrices,
  storeTodaysRates,
  summaryOf,
  UNROUND_RATES,
  userIdOf,
} from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * ADR 023: a collection's summary is read from totals the database keeps (by theme, priced or not, and the
 * day's change), not from valuing every entry. Whatever writes the entries or their prices — entries added,
 * changed, removed or imported, sales recorded and deleted, snapshots growing old, items changing theme —
 * the summary stays exactly the sum of the entries as the API values them one by one, with the retail
 * estimate off and on, and the totals rows stay exactly a fresh grouping of the entries.
 */
const context = setupTestApp()
let people: Record<'plain' | 'estimating' | 'admin', string>
let api: ReturnType<typeof collectionApi>
const COLLECTORS = ['plain', 'estimating'] as const
const owners: Record<(typeof COLLECTORS)[number], string> = { plain: '', estimating: '' }
const items: { id: number; type: string }[] = []
const conditions = new Map<string, { id: number; label: string }[]>()
const entryIds: Record<(typeof COLLECTORS)[number], number[]> = { plain: [], estimating: [] }
const saleIds: string[] = []
const created: number[] = []

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const next = random(23)
const pick = <T>(from: readonly T[]): T => from[Math.floor(next() * from.length)] as T
const price = () => (1 + Math.floor(next() * 40_000) / 100).toFixed(2)

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await context.app.inject({ method, url, headers: { cookie: people.admin }, payload })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.body ? response.json() : undefined
}

const castle = (number: string, theme: string) => ({
  type: 'set',
  name: `Totals Keep ${number}`,
  number,
  theme,
  year: 2024,
  pieces: 321,
})

/** Rows of the totals that differ from grouping the entries afresh, and whether today's change agrees. */
async function totalsDisagreeing(): Promise<number> {
  const fresh = sql`select user_id, item_theme as theme, fair_price_gbp is not null as priced, count(*)::int as entries,
      sum(quantity)::bigint as items, sum(quantity) filter (where item_type = 'set') as set_items,
      sum(quantity) filter (where item_type = 'minifig') as minifig_items,
      coalesce(sum(fair_price_gbp * quantity), 0) as value, coalesce(sum(price_paid * quantity), 0) as cost,
      count(*) filter (where price_paid is null)::int as unknown_cost_entries,
      coalesce(sum(fair_price_gbp * quantity) filter (where price_paid is null), 0) as unknown_cost_value
    from collections group by 1, 2, 3`
  const kept = sql`select user_id, theme, priced, entries, items, nullif(set_items, 0), nullif(minifig_items, 0),
      value, cost, unknown_cost_entries, unknown_cost_value from collection_totals`
  const freshByUser = sql`select user_id, priced, sum(entries)::int, sum(items)::bigint, sum(set_items),
      sum(minifig_items), sum(value), sum(cost), sum(unknown_cost_entries)::int, sum(unknown_cost_value)
    from (${fresh}) f group by 1, 2`
  const keptByUser = sql`select user_id, priced, entries, items, nullif(set_items, 0), nullif(minifig_items, 0),
      value, cost, unknown_cost_entries, unknown_cost_value from collection_user_totals`
  const freshChange = sql`select user_id, sum((fair_price_gbp - previous_fair_price_gbp) * quantity) as change
    from collections where (price_updated_at at time zone 'UTC')::date >= ${todayUtc()}::date
      and previous_fair_price_gbp is not null group by user_id`
  const keptChange = sql`select user_id, change from collection_daily_changes where day >= ${todayUtc()}::date
    and change <> 0`
  const [row] = await queryRows<{ n: number }>(
    context.database.db,
    sql`select ((select count(*) from ((${fresh}) except all (${kept})) a)
      + (select count(*) from ((${kept}) except all (${fresh})) b)
      + (select count(*) from ((${freshByUser}) except all (${keptByUser})) e)
      + (select count(*) from ((${keptByUser}) except all (${freshByUser})) f)
      + (select count(*) from ((select * from (${freshChange}) f where change <> 0) except all (${keptChange})) c)
      + (select count(*) from ((${keptChange}) except all (select * from (${freshChange}) f where change <> 0)) d)
      )::int as n`,
  )
  return row?.n ?? -1
}

/** Every way of reading the summary agrees with the entries, and the totals with a fresh grouping. */
async function expectTotalsAgree(step: string) {
  for (const collector of COLLECTORS) {
    const cookie = people[collector]
    const entries = await api.entries(cookie)
    const page = await api.page(cookie)
    expect(page.summary, `${step}: ${collector}'s summary is the sum of the entries`).toEqual(
      summaryOf(entries),
    )
    expect(page.total).toBe(entries.length)
    // Newest first, ties by id: the page is the first entries of the whole list in that order.
    expect(page.entries.map((entry) => entry.id)).toEqual(entries.slice(0, 50).map((entry) => entry.id))
    const stats = await api.stats(cookie)
    expect(stats).toMatchObject({
      collectionCount: page.summary.totalItems,
      totalValue: page.summary.totalValue,
      estimatedValue: page.summary.estimatedValue,
    })
  }
  expect(await totalsDisagreeing(), `${step}: the totals rows are the entries grouped`).toBe(0)
}

beforeAll(async () => {
  const { app, database } = context
  const db = database.db
  api = collectionApi(app, db)
  people = await signUpPeople(app, db, ['plain', 'estimating', 'admin'])
  for (const collector of COLLECTORS) owners[collector] = await userIdOf(app, people[collector])
  await api.profile(people.estimating, { valueUnpricedAtRetail: true, currencyPreference: 'EUR' })
  await storeTodaysRates(db, UNROUND_RATES)
  for (const [number, theme] of [
    ['930101-1', 'Castle'],
    ['930102-1', 'City'],
  ] as const)
    created.push((await send('POST', '/api/items', castle(number, theme))).id)
  items.push(
    ...(await queryRows<{ id: number; type: string }>(
      db,
      sql`(select id, type from items where type = 'set' and id <> all(${sql.param(created)}::int[]) order by id limit 5)
        union all (select id, type from items where type = 'minifig' order by id limit 3)`,
    )),
    ...created.map((id) => ({ id, type: 'set' })),
  )
  await setRetailPrices(app, items[0]?.id ?? 0, { US: '99.99', DE: '89.99' })
  await setRetailPrices(app, created[0] ?? 0, { UK: '49.99' })
  for (const row of await queryRows<{ category: string; id: number; label: string }>(
    db,
    sql`select category, id, label from conditions order by id`,
  ))
    conditions.set(row.category, [...(conditions.get(row.category) ?? []), row])
})

/** The operations the totals must follow, each as the product does it. */
const operations: Record<string, () => Promise<void>> = {
  async add() {
    const collector = pick(COLLECTORS)
    const item = pick(items)
    const condition = pick(conditions.get(item.type) ?? [])
    const entry = await api.add(people[collector], {
      itemId: item.id,
      condition: condition.label,
      quantity: 1 + Math.floor(next() * 4),
      pricePaid: price(),
      currency: pick(['GBP', 'USD', 'EUR']),
    })
    entryIds[collector].push(entry.id)
  },
  async importWithoutCost() {
    const collector = pick(COLLECTORS)
    const item = pick(items)
    const condition = pick(conditions.get(item.type) ?? [])
    entryIds[collector].push(
      await api.insertUnknownCost(owners[collector], {
        itemId: item.id,
        condition: condition.label,
        quantity: 1 + Math.floor(next() * 3),
      }),
    )
  },
  async change() {
    const collector = pick(COLLECTORS)
    if (!entryIds[collector].length) return
    const id = pick(entryIds[collector])
    const change = pick(['quantity', 'price', 'condition', 'unknown'] as const)
    const entry = (await api.entries(people[collector])).find((row) => row.id === id)
    const body =
      change === 'quantity'
        ? { quantity: 1 + Math.floor(next() * 6) }
        : change === 'price'
          ? { pricePaid: price() }
          : change === 'unknown'
            ? { pricePaid: null }
            : { condition: pick(conditions.get(entry?.item.type ?? 'set') ?? []).label }
    await api.patch(people[collector], id, body)
  },
  async remove() {
    const collector = pick(COLLECTORS)
    if (!entryIds[collector].length) return
    const id = entryIds[collector].splice(Math.floor(next() * entryIds[collector].length), 1)[0]
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/collections/${id}`,
      headers: { cookie: people[collector] },
    })
    expect(response.statusCode).toBe(204)
  },
  async sale() {
    const item = pick(items)
    const condition = pick(conditions.get(item.type) ?? [])
    const sale = await send('POST', `/api/items/${item.id}/sales`, {
      price: price(),
      currency: 'GBP',
      conditionId: condition.id,
      saleDate: addDays(todayUtc(), -pick([0, 0, 1, 3])),
      source: 'eBay',
    })
    saleIds.push(sale.id)
    await pricesSettled(context.app)
  },
  async deleteSale() {
    if (!saleIds.length) return
    await send('DELETE', `/api/sales/${saleIds.splice(Math.floor(next() * saleIds.length), 1)[0]}`)
    await pricesSettled(context.app)
  },
  async snapshotGrowsOld() {
    // A price last recomputed yesterday has not moved since: its change no longer counts today.
    await context.database.db.execute(
      sql`update price_snapshots set updated_at = updated_at - interval '1 day' where item_id = ${pick(items).id}`,
    )
  },
  async themeChanges() {
    const id = pick(created)
    await send(
      'PUT',
      `/api/items/${id}`,
      castle(id === created[0] ? '930101-1' : '930102-1', pick(['Castle', 'City', 'Space'])),
    )
  },
}

describe('the collection totals kept by the database', () => {
  it('start empty, and follow the first entries', async () => {
    await expectTotalsAgree('empty')
    for (let index = 0; index < 6; index++) await operations.add?.()
    await operations.sale?.()
    await expectTotalsAgree('first entries')
  })

  it('stay the sum of the entries through 60 random writes of every kind', async () => {
    const kinds = Object.keys(operations)
    for (let step = 0; step < 60; step++) {
      const kind = pick(kinds)
      await operations[kind]?.()
      await expectTotalsAgree(`step ${step} (${kind})`)
    }
    // Each kind of summary figure was exercised, not only zeros.
    const { summary } = await api.page(people.estimating)
    expect(summary.entries).toBeGreaterThan(0)
    expect(Number(summary.totalValue)).toBeGreaterThan(0)
  })

  it('count the 24-hour change on the day of the recompute only', async () => {
    const item = items[1] as { id: number; type: string }
    const sealed = conditions.get('set')?.find((row) => row.label === 'New/Sealed')
    await api.add(people.plain, { itemId: item.id, condition: 'New/Sealed', quantity: 2, pricePaid: '10' })
    for (const [amount, daysAgo] of [
      ['50.00', 1],
      ['80.00', 0],
    ] as const) {
      saleIds.push(
        (
          await send('POST', `/api/items/${item.id}/sales`, {
            price: amount,
            currency: 'GBP',
            conditionId: sealed?.id,
            saleDate: addDays(todayUtc(), -daysAgo),
            source: 'eBay',
          })
        ).id,
      )
    }
    await pricesSettled(context.app)
    await expectTotalsAgree('a price that moved today')
    const today = await api.page(people.plain)
    expect(Number(today.summary.change24h)).not.toBe(0)
    // Tomorrow (by the valuation's clock), nothing has moved since: every entry's change and the sum are 0.
    const tomorrow = await findCollectionPage(context.database.db, {
      userId: owners.plain,
      query: { limit: 1000, offset: 0 },
      valuation: { today: addDays(todayUtc(), 1), retailEstimate: null },
    })
    const summary = JSON.parse(tomorrow.summary)
    const entries: Array<{ change24h: string | null }> = tomorrow.entries.map((entry) =>
      JSON.parse(entry.json),
    )
    expect(summary.change24h).toBe('0.00')
    expect(entries.every((entry) => entry.change24h === null || entry.change24h === '0.00')).toBe(true)
    expect(summary).toEqual({ ...today.summary, change24h: '0.00' })
    // Each entry is as today but for its change: none since a price recomputed, none known without one. (Today's
    // change is kept written on the entry; the page writes "none since" itself, ADR 031.)
    const asToday = await findCollectionPage(context.database.db, {
      userId: owners.plain,
      query: { limit: 1000, offset: 0 },
      valuation: { today: todayUtc(), retailEstimate: null },
    })
    const todayEntries: Array<Record<string, unknown> & { value: string | null }> = asToday.entries.map(
      (entry) => JSON.parse(entry.json),
    )
    expect(todayEntries.some((entry) => entry.change24h !== null && entry.change24h !== '0.00')).toBe(true)
    expect(entries).toEqual(
      todayEntries.map((entry) =>
        entry.value === null
          ? entry
          : { ...entry, change24h: '0.00', change24hPercent: Number(entry.value) > 0 ? '0.00' : null },
      ),
    )

    // A user's first change of the day clears the days gone by, which nothing reads again.
    const newcomer = (await signUp(context.app, { email: uniqueEmail('new-day') })).cookie
    const newcomerId = await userIdOf(context.app, newcomer)
    const yesterday = addDays(todayUtc(), -1)
    await context.database.db.execute(
      sql`insert into collection_daily_changes (user_id, day, change) values (${newcomerId}, ${yesterday}, 5)`,
    )
    await api.add(newcomer, { itemId: item.id, condition: 'New/Sealed', quantity: 1, pricePaid: '10' })
    const days = await queryRows<{ day: string }>(
      context.database.db,
      sql`select day::text as day from collection_daily_changes where user_id = ${newcomerId}`,
    )
    expect(days.map((row) => row.day)).toEqual([todayUtc()])
  })

  it('rank the top themes by value, then the unpriced ones by name, as a sum over every theme would', async () => {
    const ranker = (await signUp(context.app, { email: uniqueEmail('top-themes') })).cookie
    const themed = async (number: string, theme: string): Promise<number> =>
      (await send('POST', '/api/items', castle(number, theme))).id
    const alphaPriced = await themed('930201-1', 'Alpha')
    const alphaUnpriced = await themed('930202-1', 'Alpha')
    const [beta, gamma, delta] = [
      await themed('930203-1', 'Beta'),
      await themed('930204-1', 'Gamma'),
      await themed('930205-1', 'Delta'),
    ]
    const sealed = conditions.get('set')?.find((row) => row.label === 'New/Sealed')
    for (const amount of ['24.00', '26.00'])
      await send('POST', `/api/items/${alphaPriced}/sales`, {
        price: amount,
        currency: 'GBP',
        conditionId: sealed?.id,
        saleDate: todayUtc(),
        source: 'eBay',
      })
    await pricesSettled(context.app)
    for (const itemId of [alphaPriced, alphaUnpriced, beta, gamma, delta])
      await api.add(ranker, { itemId, condition: 'New/Sealed', quantity: 1, pricePaid: '10' })
    const { summary, entries } = await api.page(ranker)
    expect(entries.find((entry) => entry.itemId === alphaPriced)?.value).not.toBeNull()
    // Alpha holds all the value (and both its items); Beta and Delta, worth nothing, come by name before Gamma.
    expect(summary.topThemes.map(({ theme, items }) => [theme, items])).toEqual([
      ['Alpha', 2],
      ['Beta', 1],
      ['Delta', 1],
    ])
  })

  it('forget a user’s rows with the user', async () => {
    await context.database.db.execute(sql`delete from users where id = ${owners.plain}`)
    const [row] = await queryRows<{ n: number }>(
      context.database.db,
      sql`select ((select count(*) from collection_totals where user_id = ${owners.plain})
        + (select count(*) from collection_user_totals where user_id = ${owners.plain}))::int as n`,
    )
    expect(row?.n).toBe(0)
    expect(await totalsDisagreeing()).toBe(0)
  })
})
