import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { alertStep } from '#server/modules/alerts/alert-rules.ts'
import { ALERT_EVENTS_CHANNEL } from '#server/modules/alerts/alerts.evaluate.repo.ts'
import { evaluateAlerts } from '#server/modules/alerts/alerts.evaluate.ts'
import { resumeAlertsPausedUntilNow } from '#server/modules/alerts/alerts.service.ts'
import { currentRates } from '#server/modules/fx/fx.service.ts'
import { alertSchema, notificationListSchema } from '#shared/contract/alerts.ts'
import type { CurrencyCode } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import { convertAmount } from '#shared/money.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * When an alert fires (issue 13 part 3): once when the fair price crosses its threshold, recorded with the
 * price; re-armed only 2 % back past it; never on no data; never while paused; compared in the alert's own
 * currency. Through real sales (the market engine recomputes, then evaluates) and the evaluation itself.
 */
const context = setupTestApp()
let people: Record<'owner' | 'trusted', string>
let itemId: number
let sealed: number
let ownerId: string

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['owner', 'trusted'])
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie: people.trusted },
    payload: {
      type: 'set',
      number: 'AF-1',
      name: 'Alert Fortress',
      theme: 'Castle',
      year: 2020,
      currency: 'GBP',
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  itemId = created.json().id
  const [row] = await queryRows<{ id: number }>(
    context.database.db,
    sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  sealed = (row as { id: number }).id
  const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: people.owner } })
  ownerId = me.json().id
})

const setAlert = async (payload: Record<string, unknown>) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { cookie: people.owner },
    payload: { itemId, conditionId: sealed, currency: 'GBP', ...payload },
  })
  expect(response.statusCode, response.body).toBe(201)
  return alertSchema.parse(response.json())
}
const recordSale = async (price: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/items/${itemId}/sales`,
    headers: { cookie: people.trusted },
    payload: { price, currency: 'GBP', conditionId: sealed, saleDate: todayUtc(), source: 'eBay' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}
const deleteSale = async (id: number) => {
  const response = await context.app.inject({
    method: 'DELETE',
    url: `/api/sales/${id}`,
    headers: { cookie: people.trusted },
  })
  expect(response.statusCode, response.body).toBe(204)
  // And its recompute, which runs after commit.
  await pricesSettled(context.app)
}
/** The alert's events, once every committed sale has been recomputed (after commit) and evaluated. */
const events = async (alertId: number) => {
  await pricesSettled(context.app)
  return eventRows(alertId)
}
const eventRows = (alertId: number) =>
  queryRows<{ priceGbp: string; price: string; currency: string; thresholdValue: string }>(
    context.database.db,
    sql`select price_gbp::text as "priceGbp", price::text as price, currency, threshold_value::text as "thresholdValue"
      from alert_events where alert_id = ${alertId} order by id`,
  )
const evaluateAt = (fairPriceGbp: string | null) =>
  context.database.db.transaction((tx) =>
    evaluateAlerts({ db: tx, prices: [{ itemId, grade: 'new', fairPriceGbp }] }),
  )

describe('an alert', () => {
  it('tells its owner on the alert-events channel once the firing has committed, in PGlite and PostgreSQL', async () => {
    const heard: string[] = []
    const stop = await context.app.listenTo(ALERT_EVENTS_CHANNEL, (payload) => heard.push(payload))
    try {
      const alert = await setAlert({ direction: 'above', thresholdValue: '5000' })
      // Rolled back: nothing is heard.
      await context.database.db
        .transaction(async (tx) => {
          await evaluateAlerts({ db: tx, prices: [{ itemId, grade: 'new', fairPriceGbp: '5100.00' }] })
          throw new Error('roll back')
        })
        .catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(heard).toEqual([])
      await evaluateAt('5100.00')
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([ownerId])
      await context.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${alert.id}`,
        headers: { cookie: people.owner },
      })
    } finally {
      await stop()
    }
  })

  it('fires once when a sale moves the fair price across, re-arms 2 % back, and fires again', async () => {
    const below = await setAlert({ direction: 'below', thresholdValue: '600' })
    const paused = await setAlert({ direction: 'above', thresholdValue: '700', active: false })

    // No data yet, then 650: nothing.
    const first = await recordSale('650')
    expect(await events(below.id)).toEqual([])
    // The only sale is now 590: the fair price crosses below 600.
    await deleteSale(first)
    expect(await events(below.id)).toEqual([])
    const second = await recordSale('590')
    expect(await events(below.id)).toEqual([
      { priceGbp: '590.00', price: '590.00', currency: 'GBP', thresholdValue: '600.00' },
    ])
    const listed = (
      await context.app.inject({ url: '/api/me/alerts', headers: { cookie: people.owner } })
    ).json()
    const fired = listed.find((alert: { id: number }) => alert.id === below.id)
    expect(fired.lastTriggered).not.toBeNull()
    // The watchlist can say what re-arms it: back above 612.00 (600 and 2 %).
    expect(fired.rearmsPast).toBe('612.00')
    expect(listed.find((alert: { id: number }) => alert.id === paused.id).rearmsPast).toBeNull()

    // Still below, back within the margin (612), or no data: nothing more.
    for (const price of ['595.00', '605.00', '611.99', null, '599.00']) await evaluateAt(price)
    expect(await events(below.id)).toHaveLength(1)
    // Back past the margin: re-armed (ready to fire: nothing to move past); below again: a second event.
    await evaluateAt('612.01')
    const rearmed = (
      await context.app.inject({ url: '/api/me/alerts', headers: { cookie: people.owner } })
    ).json()
    expect(rearmed.find((alert: { id: number }) => alert.id === below.id).rearmsPast).toBeNull()
    await evaluateAt('580.00')
    expect((await events(below.id)).map((event) => event.priceGbp)).toEqual(['590.00', '580.00'])

    // The paused alert never fired, though the price went above 700 while it was paused.
    await evaluateAt('750.00')
    expect(await events(paused.id)).toEqual([])
    await deleteSale(second)
  })

  it('resumed, fires only if its condition holds now; set where the price already is, fires at once', async () => {
    await evaluateAt(null)
    const paused = await setAlert({ direction: 'above', thresholdValue: '300', active: false })
    // The snapshot says 'No data' now (the sales were deleted): resuming fires nothing.
    const resumed = await context.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${paused.id}`,
      headers: { cookie: people.owner },
      payload: { active: true },
    })
    expect(resumed.statusCode, resumed.body).toBe(200)
    expect(await events(paused.id)).toEqual([])

    const sale = await recordSale('320')
    expect((await events(paused.id)).map((event) => event.priceGbp)).toEqual(['320.00'])
    // A new alert whose condition already holds fires as it is set.
    const already = await setAlert({ direction: 'below', thresholdValue: '400' })
    expect((await events(already.id)).map((event) => event.priceGbp)).toEqual(['320.00'])
    expect(already.lastTriggered).not.toBeNull()
    // A new threshold is a new question: armed again, and checked now.
    const changed = await context.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${already.id}`,
      headers: { cookie: people.owner },
      payload: { thresholdValue: '350', currency: 'GBP' },
    })
    expect(changed.statusCode).toBe(200)
    expect(await events(already.id)).toHaveLength(2)
    // The same threshold written another way, or the same state again, asks nothing new: no second firing.
    for (const payload of [
      { thresholdValue: '350.0', currency: 'GBP' },
      { direction: 'below', active: true },
    ]) {
      const same = await context.app.inject({
        method: 'PATCH',
        url: `/api/alerts/${already.id}`,
        headers: { cookie: people.owner },
        payload,
      })
      expect(same.statusCode, same.body).toBe(200)
      expect(same.json().thresholdValue).toBe('350.00')
    }
    expect(await events(already.id)).toHaveLength(2)
    await deleteSale(sale)
  })

  it('paused until a time, fires when resumed then only if its condition holds', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const snooze = async (payload: Record<string, unknown>) => {
      const alert = await setAlert(payload)
      const response = await context.app.inject({
        method: 'PATCH',
        url: `/api/alerts/${alert.id}`,
        headers: { cookie: people.owner },
        payload: { pausedUntil: tomorrow },
      })
      expect(response.statusCode, response.body).toBe(200)
      return alert
    }
    const holds = await snooze({ direction: 'above', thresholdValue: '500' })
    const passed = await snooze({ direction: 'above', thresholdValue: '560' })
    // Both crossed while paused: nothing.
    const sale = await recordSale('570')
    expect(await events(holds.id)).toEqual([])
    expect(await events(passed.id)).toEqual([])
    // Back under 560 (but over 500) by the time their pause runs out.
    await deleteSale(sale)
    const later = await recordSale('540')
    await pricesSettled(context.app)
    await context.database.db.execute(
      sql`update alerts set paused_until = now() where id in (${holds.id}, ${passed.id})`,
    )
    expect(await resumeAlertsPausedUntilNow({ db: context.database.db })).toBe(2)
    expect((await eventRows(holds.id)).map((event) => event.priceGbp)).toEqual(['540.00'])
    expect(await eventRows(passed.id)).toEqual([])
    await deleteSale(later)
  })

  it('compares in its own currency, and records the price in it', async () => {
    const { rates } = await currentRates({ db: context.database.db })
    const euros = convertAmount('500.00', 'GBP', 'EUR', rates)
    // Just above the price in euros: it holds.
    const threshold = (Number(euros) + 1).toFixed(2)
    const inEuros = await setAlert({ direction: 'below', thresholdValue: threshold, currency: 'EUR' })
    expect(await events(inEuros.id)).toEqual([])
    await evaluateAt('500.00')
    expect(await events(inEuros.id)).toEqual([
      { priceGbp: '500.00', price: euros, currency: 'EUR', thresholdValue: threshold },
    ])
  })
})

describe('notifications', () => {
  const get = (cookie: string, query = '') =>
    context.app.inject({ url: `/api/me/notifications${query}`, headers: { cookie } })
  const read = (cookie: string, payload: unknown) =>
    context.app.inject({
      method: 'POST',
      url: '/api/me/notifications/read',
      headers: { cookie },
      payload: payload as object,
    })

  it('list the alerts that fired, newest first, with the price in pounds and in the alert’s currency', async () => {
    const answer = await get(people.owner)
    expect(answer.statusCode).toBe(200)
    const list = notificationListSchema.parse(answer.json())
    const [count] = await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from alert_events e join users u on u.id = e.user_id`,
    )
    expect(list.total).toBe(count?.n)
    expect(list.total).toBeGreaterThanOrEqual(6)
    expect(list.unread).toBe(list.total)
    const times = list.notifications.map((notification) => notification.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    expect(list.notifications[0]).toMatchObject({
      item: { id: itemId, number: 'AF-1', name: 'Alert Fortress' },
      condition: 'New/Sealed',
      direction: 'below',
      currency: 'EUR',
      priceGbp: '500.00',
      read: false,
    })
    expect(notificationListSchema.parse((await get(people.trusted)).json())).toEqual({
      notifications: [],
      total: 0,
      unread: 0,
    })
    const paged = notificationListSchema.parse((await get(people.owner, '?limit=2&offset=1')).json())
    expect(paged.notifications.map((notification) => notification.id)).toEqual(
      list.notifications.slice(1, 3).map((notification) => notification.id),
    )
  })

  it('are marked read, some or all; someone else’s ids change nothing; bad input is refused', async () => {
    const list = notificationListSchema.parse((await get(people.owner)).json())
    const [first, second] = list.notifications
    // The trusted member cannot mark the owner's.
    expect((await read(people.trusted, { ids: [first?.id] })).json()).toEqual({ unread: 0 })
    expect(notificationListSchema.parse((await get(people.owner)).json()).unread).toBe(list.unread)

    expect((await read(people.owner, { ids: [first?.id, second?.id] })).json()).toEqual({
      unread: list.unread - 2,
    })
    const after = notificationListSchema.parse((await get(people.owner)).json())
    expect(after.notifications.slice(0, 3).map((notification) => notification.read)).toEqual([
      true,
      true,
      false,
    ])
    // Only the unread: the two read ones are left out, the counts stay those of every notification.
    const unread = notificationListSchema.parse((await get(people.owner, '?show=unread&limit=100')).json())
    expect(unread.notifications.map((notification) => notification.id)).toEqual(
      after.notifications.filter((notification) => !notification.read).map((notification) => notification.id),
    )
    expect(unread).toMatchObject({ total: list.total, unread: list.unread - 2 })
    expect(unread.notifications).toHaveLength(list.unread - 2)
    const secondUnread = notificationListSchema.parse(
      (await get(people.owner, '?show=unread&limit=1&offset=1')).json(),
    )
    expect(secondUnread.notifications.map((notification) => notification.id)).toEqual([
      unread.notifications[1]?.id,
    ])
    const badView = await get(people.owner, '?show=read')
    expect(badView.statusCode).toBe(400)
    expect(badView.json().message).toContain("show must be 'all' or 'unread'")
    for (const [payload, message] of [
      [{ ids: [] }, 'ids must name at least one notification'],
      [{ ids: 'all' }, 'ids must be a list of notification ids'],
      [{ ids: [0] }, 'ids must be at least 1'],
    ] as const) {
      const response = await read(people.owner, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(message)
    }
    expect((await read(people.owner, {})).json()).toEqual({ unread: 0 })
    expect(notificationListSchema.parse((await get(people.owner, '?show=unread')).json())).toMatchObject({
      notifications: [],
      total: list.total,
      unread: 0,
    })
    expect((await get(people.owner, '?limit=0')).statusCode).toBe(400)
  })
})

describe('items with many alerts', () => {
  it('change exactly the alerts alertStep changes at their own pair’s price, though only those the price may change are read', async () => {
    const [row] = await queryRows<{ first: number; second: number; sealed: number; used: number }>(
      context.database.db,
      sql`select (select id from items where number = '10497-1') as first,
        (select id from items where type = 'set' and number <> '10497-1' order by id limit 1) as second,
        (select id from conditions where category = 'set' and label = 'New/Sealed') as sealed,
        (select id from conditions where category = 'set' and grade = 'used' order by id limit 1) as used`,
    )
    const { first, second, sealed: newCondition, used: usedCondition } = row as Record<string, number>
    // Three pairs evaluated together, each with 300 alerts: both directions, thresholds from 80 to 119.90, four
    // currencies, armed or fired. The first item's used alerts and the second item's are each compared with
    // their own pair's price, never with another pair's.
    const pairs = [
      { itemId: first as number, grade: 'new' as const, condition: newCondition as number },
      { itemId: first as number, grade: 'used' as const, condition: usedCondition as number },
      { itemId: second as number, grade: 'new' as const, condition: newCondition as number },
    ]
    for (const pair of pairs)
      await context.database.db.execute(
        sql`insert into alerts (user_id, item_id, condition_id, direction, threshold_value, currency, armed)
          select ${ownerId}, ${pair.itemId}, ${pair.condition}, case when n % 2 = 0 then 'below' else 'above' end,
            80 + (n * 7 % 300) * 0.133, (array['GBP','USD','EUR','JPY'])[1 + n % 4], n % 3 <> 0
          from generate_series(1, 300) n`,
      )
    const items = [first as number, second as number]
    const { rates } = await currentRates({ db: context.database.db })
    const state = () =>
      queryRows<{
        id: number
        itemId: number
        grade: 'new' | 'used'
        direction: 'below' | 'above'
        threshold: string
        currency: string
        armed: boolean
      }>(
        context.database.db,
        sql`select a.id, a.item_id as "itemId", c.grade, a.direction, a.threshold_value::text as threshold,
            a.currency, a.armed
          from alerts a join conditions c on c.id = a.condition_id
          where a.item_id in (${items[0]}, ${items[1]}) order by a.id`,
      )
    const steps = [
      ['100.00', '84.00', '118.40'],
      ['97.10', '119.00', '60.00'],
      ['118.40', '60.00', '95.00'],
      ['60.00', '97.10', '100.00'],
      ['95.00', '100.00', '84.00'],
    ]
    for (const step of steps) {
      const prices = pairs.map((pair, index) => ({ ...pair, fairPriceGbp: step[index] as string }))
      const priceOf = (alert: { itemId: number; grade: string }) =>
        prices.find((pair) => pair.itemId === alert.itemId && pair.grade === alert.grade)
          ?.fairPriceGbp as string
      const before = await state()
      const expected = before.map((alert) => {
        const change = alertStep({
          direction: alert.direction,
          threshold: alert.threshold,
          price: convertAmount(priceOf(alert), 'GBP', alert.currency as CurrencyCode, rates),
          armed: alert.armed,
        })
        return {
          id: alert.id,
          armed: change === 'fire' ? false : change === 'rearm' ? true : alert.armed,
          change,
        }
      })
      const result = await context.database.db.transaction((tx) =>
        evaluateAlerts({
          db: tx,
          prices: prices.map(({ itemId, grade, fairPriceGbp }) => ({ itemId, grade, fairPriceGbp })),
        }),
      )
      const after = await state()
      expect(after.map(({ id, armed }) => ({ id, armed }))).toEqual(
        expected.map(({ id, armed }) => ({ id, armed })),
      )
      expect(result).toEqual({
        fired: expected.filter((alert) => alert.change === 'fire').length,
        rearmed: expected.filter((alert) => alert.change === 'rearm').length,
      })
      for (const pair of pairs)
        expect(
          expected.filter(
            (alert, index) =>
              alert.change !== 'none' &&
              before[index]?.itemId === pair.itemId &&
              before[index]?.grade === pair.grade,
          ).length,
        ).toBeGreaterThan(0)
    }
    // Each firing recorded the price of its own pair, in pounds.
    const recorded = await queryRows<{ itemId: number; grade: string; priceGbp: string }>(
      context.database.db,
      sql`select distinct e.item_id as "itemId", c.grade, e.price_gbp::text as "priceGbp"
        from alert_events e join conditions c on c.id = e.condition_id where e.item_id in (${items[0]}, ${items[1]})`,
    )
    for (const event of recorded)
      expect(
        steps.map(
          (step) =>
            step[pairs.findIndex((pair) => pair.itemId === event.itemId && pair.grade === event.grade)],
        ),
      ).toContain(event.priceGbp)
    await context.database.db.execute(sql`delete from alerts where item_id in (${items[0]}, ${items[1]})`)
  })
})
