import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { alertListSchema, notificationListSchema } from '#shared/contract/alerts.ts'
import { wantedAlertsResultSchema, wantedListSchema } from '#shared/contract/imports.ts'
import { MAX_ALERTS_PER_USER } from '#shared/contract/values.ts'
import { fixture, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Price alerts at the wanted list's prices (ADR 051): a "below" alert at the most the user would pay, on every
 * wanted item or on some, in the grade wanted and the limit's own currency; each item once; all or none.
 */
const context = setupTestApp()
let cookies: Record<'owner' | 'other' | 'edges' | 'full', string>

const userId = async (cookie: string) =>
  (await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id as string

const setAlerts = (cookie: string, payload: unknown = {}) =>
  context.app.inject({
    method: 'POST',
    url: '/api/me/wanted/alerts',
    headers: { cookie },
    payload: payload as object,
  })

const alerts = async (cookie: string) => {
  const response = await context.app.inject({ url: '/api/me/alerts', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return alertListSchema.parse(response.json())
}

const wanted = async (cookie: string) => {
  const response = await context.app.inject({ url: '/api/me/wanted', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return wantedListSchema.parse(response.json())
}

/** Wanted items written as an import would leave them: (item number, grade, limit in pounds, as written, currency). */
async function addWanted(
  cookie: string,
  rows: Array<[string, 'new' | 'used' | null, string | null, string | null, string | null]>,
) {
  const owner = await userId(cookie)
  for (const [number, grade, maxPrice, maxPriceOriginal, currency] of rows) {
    await context.database.db.execute(sql`insert into wanted_items
        (user_id, item_id, grade, max_price, max_price_original, currency, source)
      select ${owner}, id, ${grade}, ${maxPrice}::numeric, ${maxPriceOriginal}::numeric, ${currency}, 'test'
      from items where number = ${number}`)
  }
}

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['owner', 'other', 'edges', 'full'])
  const imported = await importUpload(context.app, cookies.owner, { source: 'bricklink', currency: 'USD' }, [
    { name: 'wanted.xml', content: fixture('bricklink-wanted.xml') },
  ])
  expect(imported.statusCode, imported.body).toBe(200)
  // The Falcon's used price is already under its limit ($650); the figure has no price yet.
  await context.database.db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp, confidence)
    select id, 'used', 300.00, 'MEDIUM' from items where number = '75192-1'
    on conflict (item_id, grade) do update set fair_price_gbp = excluded.fair_price_gbp`)
})

describe('alerts at the wanted list’s prices', () => {
  it('sets one "below" alert per item with a limit, in the grade wanted and the limit’s currency, and fires one already there', async () => {
    const response = await setAlerts(cookies.owner)
    expect(response.statusCode, response.body).toBe(200)
    // Four wanted items: the Falcon ($650, used), a figure ($12.50, either grade), and two without a limit.
    expect(wantedAlertsResultSchema.parse(response.json())).toEqual({
      created: 2,
      alreadySet: 0,
      withoutPrice: 2,
    })

    const set = await alerts(cookies.owner)
    expect(
      set
        .map(({ item, condition, direction, thresholdValue, currency, active }) => ({
          number: item.number,
          condition,
          direction,
          thresholdValue,
          currency,
          active,
        }))
        .sort((a, b) => a.number.localeCompare(b.number)),
    ).toEqual([
      {
        number: '75192-1',
        condition: 'Used/Complete',
        direction: 'below',
        thresholdValue: '650.00',
        currency: 'USD',
        active: true,
      },
      // Either grade will do: the new price, as the wanted list shows it.
      {
        number: 'sw0001a',
        condition: 'New',
        direction: 'below',
        thresholdValue: '12.50',
        currency: 'USD',
        active: true,
      },
    ])

    const notifications = await context.app.inject({
      url: '/api/me/notifications',
      headers: { cookie: cookies.owner },
    })
    const fired = notificationListSchema.parse(notifications.json())
    expect(
      fired.notifications.map((notification) => [notification.item.number, notification.priceGbp]),
    ).toEqual([['75192-1', '300.00']])

    const list = await wanted(cookies.owner)
    expect(
      list.items.map((entry) => [entry.item.number, entry.maxPriceOriginal, entry.hasPriceAlert]).sort(),
    ).toEqual([
      ['10294-1', null, false],
      ['75192-1', '650.00', true],
      // The figure's second row has no limit of its own, and the same item and grade: watched too.
      ['sw0001a', null, true],
      ['sw0001a', '12.50', true],
    ])
  })

  it('sets none twice: pressing again counts the items as already watched', async () => {
    const again = await setAlerts(cookies.owner)
    expect(again.json()).toEqual({ created: 0, alreadySet: 2, withoutPrice: 2 })
    expect(await alerts(cookies.owner)).toHaveLength(2)
  })

  it('leaves an alert the user set on the item alone, whatever its threshold', async () => {
    await addWanted(cookies.other, [['10294-1', 'new', '500.00', '500.00', 'GBP']])
    const [item] = (await wanted(cookies.other)).items
    const [condition] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from conditions where category = 'set' and label = 'New/Open box'`,
    )
    const own = await context.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { cookie: cookies.other },
      payload: { itemId: item?.item.id, conditionId: condition?.id, thresholdValue: '420', currency: 'GBP' },
    })
    expect(own.statusCode, own.body).toBe(201)
    expect((await setAlerts(cookies.other)).json()).toEqual({ created: 0, alreadySet: 1, withoutPrice: 0 })
    expect((await alerts(cookies.other)).map((alert) => [alert.condition, alert.thresholdValue])).toEqual([
      ['New/Open box', '420.00'],
    ])
  })

  it('keeps a limit in a currency alerts are not kept in as pounds, and counts a limit of 0 as none', async () => {
    await addWanted(cookies.edges, [
      ['10294-1', 'new', '10.55', '12.34', 'EUR'],
      ['75192-1', 'used', '512.40', '2499.00', 'PLN'],
      ['75313-1', null, '0', '0', 'GBP'],
    ])
    expect((await setAlerts(cookies.edges)).json()).toEqual({ created: 2, alreadySet: 0, withoutPrice: 1 })
    expect(
      (await alerts(cookies.edges))
        .map((alert) => [alert.item.number, alert.thresholdValue, alert.currency])
        .sort(),
    ).toEqual([
      ['10294-1', '12.34', 'EUR'],
      ['75192-1', '512.40', 'GBP'],
    ])
  })

  it('sets alerts on the wanted items named, and on none when one of them is not the user’s', async () => {
    const [mine] = (await wanted(cookies.full)).items
    expect(mine).toBeUndefined()
    await addWanted(cookies.full, [
      ['10294-1', 'new', '400.00', '400.00', 'GBP'],
      ['75192-1', 'new', '700.00', '700.00', 'GBP'],
    ])
    const items = (await wanted(cookies.full)).items
    const titanic = items.find((entry) => entry.item.number === '10294-1')?.id as number
    const someoneElses = (await wanted(cookies.owner)).items[0]?.id as number

    const before = await tableChecksums(context.database.db)
    const refused = await setAlerts(cookies.full, { ids: [titanic, someoneElses] })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe('Wanted item not found')
    expect(await tableChecksums(context.database.db)).toEqual(before)

    expect((await setAlerts(cookies.full, { ids: [titanic] })).json()).toEqual({
      created: 1,
      alreadySet: 0,
      withoutPrice: 0,
    })
    expect((await alerts(cookies.full)).map((alert) => alert.item.number)).toEqual(['10294-1'])
  })

  it(`sets all or none: past ${MAX_ALERTS_PER_USER} alerts it refuses and sets nothing`, async () => {
    const owner = await userId(cookies.full)
    // The user's other alerts, up to one short of the limit with the Titanic's: "above" ones on a figure.
    await context.database.db.execute(sql`insert into alerts (user_id, item_id, condition_id, direction,
        threshold_value, currency)
      select ${owner}, (select id from items where number = 'sw0001a'),
        (select id from conditions where category = 'minifig' and grade = 'new'), 'above', n, 'GBP'
      from generate_series(1, ${MAX_ALERTS_PER_USER - 2}) as n`)
    expect(await alerts(cookies.full)).toHaveLength(MAX_ALERTS_PER_USER - 1)
    const before = await tableChecksums(context.database.db)
    // The Falcon's alert would be the 500th; with another wanted item's it is one too many.
    await addWanted(cookies.full, [['75313-1', 'used', '90.00', '90.00', 'GBP']])
    const withWanted = await tableChecksums(context.database.db)
    expect(withWanted).not.toEqual(before)
    const refused = await setAlerts(cookies.full)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'ALERT_LIMIT',
      message: `That would make ${MAX_ALERTS_PER_USER + 1} alerts, and there can be at most ${MAX_ALERTS_PER_USER}: none was set. Delete some on your watchlist, or set alerts on fewer items.`,
    })
    expect(await tableChecksums(context.database.db)).toEqual(withWanted)
    expect(await alerts(cookies.full)).toHaveLength(MAX_ALERTS_PER_USER - 1)
  })

  it('refuses ids that are not a list of 1 to 500 wanted item ids, with words a person can act on', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ids: [] }, /ids must name at least one wanted item; send no ids to set alerts on all of them/],
      [{ ids: 'all' }, /ids must be a list of wanted item ids/],
      [{ ids: [1.5] }, /ids/],
      [{ ids: [-1] }, /ids/],
      [{ ids: Array.from({ length: 501 }, (_, index) => index + 1) }, /At most 500 ids at once/],
    ]
    const before = await tableChecksums(context.database.db)
    for (const [payload, message] of cases) {
      const response = await setAlerts(cookies.owner, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(message)
    }
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })
})
