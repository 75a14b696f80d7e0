import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { resumeAlertsPausedUntilNow } from '#server/modules/alerts/alerts.service.ts'
import { alertListSchema, alertSchema } from '#shared/contract/alerts.ts'
import { MAX_ALERT_PAUSE_DAYS, MAX_ALERTS_PER_USER } from '#shared/contract/values.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Price alerts (spec 02 §7, issue 13 part 1): set, listed with today's fair price, paused, resumed, changed and
 * deleted by their owner only; the threshold kept in the currency it was entered in; duplicates, the limit
 * and bad thresholds refused with the spec's words.
 */
const context = setupTestApp()
let cookies: Record<'owner' | 'other', string>
let falcon: number
let figure: number
let sealed: number
let used: number
let figureCondition: number

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['owner', 'other'])
  const profile = await context.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { cookie: cookies.owner },
    payload: { currencyPreference: 'EUR' },
  })
  expect(profile.statusCode, profile.body).toBe(200)
  const db = context.database.db
  const ids = await queryRows<{ falcon: number; figure: number }>(
    db,
    sql`select (select id from items where number = '75192-1') as falcon,
      (select id from items where type = 'minifig' order by id limit 1) as figure`,
  )
  ;({ falcon, figure } = ids[0] as { falcon: number; figure: number })
  const conditions = await queryRows<{ id: number; label: string; category: string }>(
    db,
    sql`select id, label, category from conditions`,
  )
  const find = (category: string, label: string) =>
    (conditions.find((row) => row.category === category && row.label === label) as { id: number }).id
  sealed = find('set', 'New/Sealed')
  used = find('set', 'Used/Complete')
  figureCondition = (conditions.find((row) => row.category === 'minifig') as { id: number }).id
  // A grade priced from marketplace values, and one whose snapshot has no price yet: its time is not a fair
  // price's, and it stands on nothing.
  await db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp, confidence, basis, updated_at)
    values (${falcon}, 'new', 640.50, 'MEDIUM', 'marketplace', '2026-11-30T08:15:00Z'),
      (${falcon}, 'used', null, 'LOW', 'none', now())
    on conflict (item_id, grade) do update set fair_price_gbp = excluded.fair_price_gbp,
      basis = excluded.basis, updated_at = excluded.updated_at`)
})

const post = (cookie: string, payload: unknown) =>
  context.app.inject({ method: 'POST', url: '/api/alerts', headers: { cookie }, payload: payload as object })
const patch = (cookie: string, id: number | string, payload: unknown) =>
  context.app.inject({
    method: 'PATCH',
    url: `/api/alerts/${id}`,
    headers: { cookie },
    payload: payload as object,
  })
const list = async (cookie: string) => {
  const response = await context.app.inject({ url: '/api/me/alerts', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return alertListSchema.parse(response.json())
}

describe('price alerts', () => {
  it('are set in the display currency, listed newest first with the fair price, and only their owner sees them', async () => {
    const first = await post(cookies.owner, { itemId: falcon, conditionId: sealed, thresholdValue: '600' })
    expect(first.statusCode, first.body).toBe(201)
    expect(alertSchema.parse(first.json())).toMatchObject({
      itemId: falcon,
      item: { id: falcon, number: '75192-1', type: 'set' },
      conditionId: sealed,
      condition: 'New/Sealed',
      grade: 'new',
      direction: 'below',
      thresholdValue: '600.00',
      currency: 'EUR',
      active: true,
      lastTriggered: null,
      fairPriceGbp: '640.50',
      fairPriceUpdatedAt: '2026-11-30T08:15:00.000Z',
      fairPriceBasis: 'marketplace',
    })
    // A JSON number, a named currency, above, and paused from the start.
    const second = await post(cookies.owner, {
      itemId: String(falcon),
      conditionId: used,
      direction: 'above',
      thresholdValue: 420.5,
      currency: 'USD',
      active: false,
    })
    expect(second.statusCode, second.body).toBe(201)
    const alerts = await list(cookies.owner)
    expect(
      alerts.map((alert) => [
        alert.condition,
        alert.direction,
        alert.thresholdValue,
        alert.currency,
        alert.active,
        alert.fairPriceGbp,
        alert.fairPriceUpdatedAt,
        alert.fairPriceBasis,
      ]),
    ).toEqual([
      ['Used/Complete', 'above', '420.50', 'USD', false, null, null, 'none'],
      ['New/Sealed', 'below', '600.00', 'EUR', true, '640.50', '2026-11-30T08:15:00.000Z', 'marketplace'],
    ])
    expect(await list(cookies.other)).toEqual([])

    // The profile counts the active ones.
    const stats = await context.app.inject({ url: '/api/me/stats', headers: { cookie: cookies.owner } })
    expect(stats.json()).toMatchObject({ alertsCount: 1 })
  })

  it('refuses the same alert twice (409), and another item’s condition kind (400)', async () => {
    const payload = { itemId: falcon, conditionId: sealed, direction: 'above', thresholdValue: '900.00' }
    expect((await post(cookies.owner, payload)).statusCode).toBe(201)
    const again = await post(cookies.owner, { ...payload, thresholdValue: '900' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      'You already have this alert: the same item, condition, direction and threshold.',
    )
    // Someone else may set the same one.
    expect((await post(cookies.other, payload)).statusCode).toBe(201)
    const wrongKind = await post(cookies.owner, { itemId: figure, conditionId: sealed, thresholdValue: '5' })
    expect(wrongKind.statusCode).toBe(400)
    expect(wrongKind.json().message).toBe('That condition is for sets, not this item')
    const figureAlert = await post(cookies.owner, {
      itemId: figure,
      conditionId: figureCondition,
      thresholdValue: '5',
    })
    expect(figureAlert.statusCode).toBe(201)
    // An item never priced has no snapshot: no price, no time, nothing it stands on.
    expect(figureAlert.json()).toMatchObject({
      fairPriceGbp: null,
      fairPriceUpdatedAt: null,
      fairPriceBasis: 'none',
    })
  })

  it('answers bad input with the spec’s messages and writes nothing', async () => {
    const before = (await list(cookies.owner)).length
    const cases: Array<[unknown, number, string]> = [
      [{ itemId: falcon, conditionId: sealed }, 400, 'Price threshold is required'],
      [{ itemId: falcon, conditionId: sealed, thresholdValue: '' }, 400, 'Price threshold is required'],
      [{ itemId: falcon, conditionId: sealed, thresholdValue: '   ' }, 400, 'Price threshold is required'],
      [{ itemId: falcon, conditionId: sealed, thresholdValue: '0' }, 400, 'Price must be positive'],
      [{ itemId: falcon, conditionId: sealed, thresholdValue: -5 }, 400, 'Price must be positive'],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: 'cheap' },
        400,
        'Price threshold must be a number such as 49.99',
      ],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: '49.999' },
        400,
        'Price threshold must be an amount such as 49.99, with at most 2 decimals (at most 99999999.99)',
      ],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: '123456789' },
        400,
        'Price threshold must be an amount such as 49.99, with at most 2 decimals (at most 99999999.99)',
      ],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: '10', direction: 'sideways' },
        400,
        "Direction must be 'below' or 'above'",
      ],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: '10', active: 'yes' },
        400,
        'active must be true or false',
      ],
      [
        { itemId: falcon, conditionId: sealed, thresholdValue: '10', currency: 'XYZ' },
        400,
        'Currency must be one of',
      ],
      [{ itemId: falcon, thresholdValue: '10' }, 400, 'Please select a condition'],
      [{ itemId: falcon, conditionId: 999_999, thresholdValue: '10' }, 400, 'Please select a condition'],
      [{ itemId: 999_999, conditionId: sealed, thresholdValue: '10' }, 404, 'Item not found'],
      [{ itemId: 'falcon', conditionId: sealed, thresholdValue: '10' }, 400, 'itemId must be an item id'],
    ]
    for (const [payload, status, message] of cases) {
      const response = await post(cookies.owner, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(status)
      expect(response.json().message, JSON.stringify(payload)).toContain(message)
    }
    expect((await list(cookies.owner)).length).toBe(before)
  })

  it('are paused, resumed and changed by their owner; another user’s answers 404', async () => {
    const created = alertSchema.parse(
      (await post(cookies.owner, { itemId: falcon, conditionId: used, thresholdValue: '300' })).json(),
    )
    const paused = await patch(cookies.owner, created.id, { active: false })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({ active: false, thresholdValue: '300.00', currency: 'EUR' })
    // A new threshold is in the display currency unless named.
    const changed = await patch(cookies.owner, created.id, {
      active: true,
      thresholdValue: '275.5',
      currency: 'GBP',
    })
    expect(changed.json()).toMatchObject({
      active: true,
      thresholdValue: '275.50',
      currency: 'GBP',
      direction: 'below',
    })
    const flipped = await patch(cookies.owner, created.id, { direction: 'above' })
    expect(flipped.json()).toMatchObject({ direction: 'above', thresholdValue: '275.50', currency: 'GBP' })

    // Changing it into one the user already has is a 409, and nothing changes.
    const twin = alertSchema.parse(
      (
        await post(cookies.owner, {
          itemId: falcon,
          conditionId: used,
          thresholdValue: '250',
          currency: 'GBP',
        })
      ).json(),
    )
    const clash = await patch(cookies.owner, twin.id, {
      thresholdValue: '275.50',
      currency: 'GBP',
      direction: 'above',
    })
    expect(clash.statusCode).toBe(409)
    expect((await list(cookies.owner)).find((alert) => alert.id === twin.id)).toMatchObject({
      thresholdValue: '250.00',
    })

    for (const [payload, message] of [
      [{}, 'Say what to change: active, pausedUntil, direction or thresholdValue'],
      [{ thresholdValue: '0' }, 'Price must be positive'],
      [{ currency: 'USD' }, 'currency goes with a new thresholdValue'],
      [{ active: 'no' }, 'active must be true or false'],
    ] as const) {
      const response = await patch(cookies.owner, created.id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(message)
    }
    const notYours = await patch(cookies.other, created.id, { active: false })
    expect(notYours.statusCode).toBe(404)
    expect(notYours.json()).toMatchObject({ message: 'Alert not found', code: 'NOT_FOUND' })
    expect((await patch(cookies.owner, 'seven', { active: false })).statusCode).toBe(400)
  })

  it('are paused until a time, kept paused through other changes, and resume by themselves once it has come', async () => {
    const created = alertSchema.parse(
      (await post(cookies.owner, { itemId: falcon, conditionId: sealed, thresholdValue: '123.45' })).json(),
    )
    // Two days ahead, to the second, written with its offset: kept and answered in UTC.
    const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000)
    const withOffset = new Date(until.getTime() + 2 * 3_600_000).toISOString().replace('.000Z', '+02:00')
    const snoozed = await patch(cookies.owner, created.id, { pausedUntil: withOffset })
    expect(snoozed.statusCode, snoozed.body).toBe(200)
    expect(snoozed.json()).toMatchObject({ active: false, pausedUntil: until.toISOString() })
    // Another change leaves the pause as it is.
    const changed = await patch(cookies.owner, created.id, { thresholdValue: '120' })
    expect(changed.json()).toMatchObject({
      active: false,
      pausedUntil: until.toISOString(),
      thresholdValue: '120.00',
    })

    const before = (await list(cookies.owner)).find((alert) => alert.id === created.id)
    const day = 86_400_000
    for (const [payload, message] of [
      [{ pausedUntil: new Date(Date.now() - 60_000).toISOString() }, 'pausedUntil must be in the future'],
      [{ pausedUntil: 'tomorrow' }, 'pausedUntil must be a date and time such as 2026-12-08T09:00:00Z'],
      [{ pausedUntil: 1_800_000_000 }, 'pausedUntil must be a date and time such as 2026-12-08T09:00:00Z'],
      [
        { pausedUntil: '2026-13-40T25:00:00Z' },
        'pausedUntil must be a date and time such as 2026-12-08T09:00:00Z',
      ],
      [
        { pausedUntil: new Date(Date.now() + (MAX_ALERT_PAUSE_DAYS + 1) * day).toISOString() },
        `An alert can be paused for at most ${MAX_ALERT_PAUSE_DAYS} days`,
      ],
      [
        { active: true, pausedUntil: new Date(Date.now() + day).toISOString() },
        'pausedUntil pauses the alert: it cannot go with active true',
      ],
      [
        { pausedUntil: new Date(Date.now() + day).toISOString(), thresholdValue: '0' },
        'Price must be positive',
      ],
    ] as const) {
      const response = await patch(cookies.owner, created.id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(message)
    }
    // Nothing was written by any of them.
    expect((await list(cookies.owner)).find((alert) => alert.id === created.id)).toEqual(before)
    const notYours = await patch(cookies.other, created.id, {
      pausedUntil: new Date(Date.now() + day).toISOString(),
    })
    expect(notYours.statusCode).toBe(404)

    // Paused without a time: it waits for its owner. Resumed: active, no time left.
    const plain = await patch(cookies.owner, created.id, { active: false })
    expect(plain.json()).toMatchObject({ active: false, pausedUntil: null })
    await patch(cookies.owner, created.id, { pausedUntil: until.toISOString() })
    const resumed = await patch(cookies.owner, created.id, { active: true })
    expect(resumed.json()).toMatchObject({ active: true, pausedUntil: null })

    // Its time come (moved into the past here), the job resumes it; one paused without a time stays paused.
    await patch(cookies.owner, created.id, { pausedUntil: until.toISOString() })
    const waiting = alertSchema.parse(
      (
        await post(cookies.owner, {
          itemId: falcon,
          conditionId: sealed,
          thresholdValue: '99',
          active: false,
        })
      ).json(),
    )
    expect(await resumeAlertsPausedUntilNow({ db: context.database.db })).toBe(0)
    await context.database.db.execute(
      sql`update alerts set paused_until = now() - interval '1 second' where id = ${created.id}`,
    )
    expect(await resumeAlertsPausedUntilNow({ db: context.database.db })).toBe(1)
    const after = await list(cookies.owner)
    expect(after.find((alert) => alert.id === created.id)).toMatchObject({ active: true, pausedUntil: null })
    expect(after.find((alert) => alert.id === waiting.id)).toMatchObject({ active: false, pausedUntil: null })
    expect(await resumeAlertsPausedUntilNow({ db: context.database.db })).toBe(0)
    for (const id of [created.id, waiting.id])
      await context.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${id}`,
        headers: { cookie: cookies.owner },
      })
  })

  it('are deleted by their owner only', async () => {
    const created = alertSchema.parse(
      (await post(cookies.owner, { itemId: falcon, conditionId: sealed, thresholdValue: '1.25' })).json(),
    )
    const byOther = await context.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${created.id}`,
      headers: { cookie: cookies.other },
    })
    expect(byOther.statusCode).toBe(404)
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${created.id}`,
      headers: { cookie: cookies.owner },
    })
    expect(deleted.statusCode).toBe(204)
    expect((await list(cookies.owner)).some((alert) => alert.id === created.id)).toBe(false)
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${created.id}`,
      headers: { cookie: cookies.owner },
    })
    expect(again.statusCode).toBe(404)
  })

  it(`stop at ${MAX_ALERTS_PER_USER} per user, also when several are set at once`, async () => {
    const [limited] = Object.values(await signUpPeople(context.app, context.database.db, ['limited']))
    const db = context.database.db
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: limited as string } })
    const userId = (me.json() as { id: string }).id
    // All but three, written directly; then six at once through the API: three succeed.
    await db.execute(sql`insert into alerts (user_id, item_id, condition_id, threshold_value, currency)
      select ${userId}, ${falcon}, ${sealed}, n, 'GBP'
      from generate_series(1, ${MAX_ALERTS_PER_USER - 3}) as n`)
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        post(limited as string, { itemId: falcon, conditionId: used, thresholdValue: String(n) }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)
    expect(refused?.json()).toMatchObject({
      message: `You have ${MAX_ALERTS_PER_USER} alerts, the most there can be: delete one to set another.`,
      code: 'ALERT_LIMIT',
    })
    expect((await list(limited as string)).length).toBe(MAX_ALERTS_PER_USER)
  })
})
