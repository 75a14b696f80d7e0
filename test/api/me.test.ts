import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { userSchema } from '#shared/contract/auth.ts'
import { alertEmailStatusSchema, userStatsSchema } from '#shared/contract/me.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp()

async function putProfile(cookie: string, payload: unknown) {
  return context.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { cookie },
    payload: payload as object,
  })
}

describe('PUT /api/me/profile', () => {
  it('completes onboarding with a profile type', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await putProfile(cookie, { profileType: 'investor', onboardingCompleted: true })
    expect(response.statusCode).toBe(200)
    expect(userSchema.parse(response.json())).toMatchObject({
      profileType: 'investor',
      onboardingCompleted: true,
    })
  })

  it('edits names, clears a name sent empty, and keeps what is not sent', async () => {
    const { cookie } = await signUp(context.app, {
      email: uniqueEmail(),
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    await putProfile(cookie, { profileType: 'collector' })
    const response = await putProfile(cookie, { firstName: '  Grace ', lastName: '' })
    expect(response.json()).toMatchObject({ firstName: 'Grace', lastName: null, profileType: 'collector' })
  })

  it('saves the display currency', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    expect((await putProfile(cookie, { currencyPreference: 'JPY' })).json().currencyPreference).toBe('JPY')
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie } })
    expect(me.json().currencyPreference).toBe('JPY')
  })

  it('saves the choice to value unpriced items at retail (off by default), and keeps it apart', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const before = await context.app.inject({ url: '/api/auth/user', headers: { cookie } })
    expect(before.json().valueUnpricedAtRetail).toBe(false)
    const on = await putProfile(cookie, { valueUnpricedAtRetail: true })
    expect(userSchema.parse(on.json())).toMatchObject({ valueUnpricedAtRetail: true })
    await putProfile(cookie, { currencyPreference: 'EUR' })
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie } })
    expect(me.json()).toMatchObject({ valueUnpricedAtRetail: true, currencyPreference: 'EUR' })
    expect((await putProfile(cookie, { valueUnpricedAtRetail: false })).json().valueUnpricedAtRetail).toBe(
      false,
    )
  })

  it.each([
    [{ valueUnpricedAtRetail: 'yes' }, 'valueUnpricedAtRetail must be true or false'],
    [{ valueUnpricedAtRetail: null }, 'valueUnpricedAtRetail must be true or false'],
    [{ profileType: 'dealer' }, "profileType must be 'collector', 'investor' or 'shop'"],
    [
      { currencyPreference: 'BTC' },
      'currency must be one of USD, EUR, GBP, CAD, AUD, JPY, CHF, SEK, NOK, DKK',
    ],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ onboardingCompleted: 'yes' }, 'onboardingCompleted must be true or false'],
    [{}, 'Nothing to update'],
    [{ email: 'new@example.com' }, 'email'],
    [{ role: 'admin' }, 'role'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const email = uniqueEmail()
    const { cookie } = await signUp(context.app, { email, firstName: 'Ada' })
    const response = await putProfile(cookie, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain(message)
    const [row] = await queryRows<{ firstName: string; role: string; email: string }>(
      context.database.db,
      sql`select first_name as "firstName", role, email from users where email = ${email}`,
    )
    expect(row).toEqual({ firstName: 'Ada', role: 'user', email })
  })

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      payload: { firstName: 'X' },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('GET /api/me/stats', () => {
  it('counts the collection and active alerts and values the collection from fair prices', async () => {
    const { cookie, id } = await signUp(context.app, { email: uniqueEmail() })
    const empty = await context.app.inject({ url: '/api/me/stats', headers: { cookie } })
    expect(userStatsSchema.parse(empty.json())).toEqual({
      collectionCount: 0,
      alertsCount: 0,
      totalValue: '0.00',
      estimatedEntries: 0,
      estimatedValue: '0.00',
    })

    const db = context.database.db
    await db.execute(sql`insert into collections (user_id, item_id, condition_id, price_paid, quantity)
      select ${id}, i.id, c.id, 500, 2 from items i, conditions c
      where i.number = '75192-1' and c.category = 'set' and c.label = 'New/Sealed'`)
    await db.execute(sql`insert into collections (user_id, item_id, condition_id, price_paid, quantity)
      select ${id}, i.id, c.id, 100, 1 from items i, conditions c
      where i.number = '10497-1' and c.category = 'set' and c.label = 'Used/Complete'`)
    await db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp)
      select id, 'new', 649.99 from items where number = '75192-1'`)
    await db.execute(sql`insert into price_snapshots (item_id, grade, fair_price_gbp)
      select id, 'new', 999.99 from items where number = '10497-1'`)
    await db.execute(sql`insert into alerts (user_id, item_id, condition_id, direction, threshold_value, active)
      select ${id}, i.id, c.id, 'below', t, a from items i, conditions c, (values (true, 600), (false, 650)) v(a, t)
      where i.number = '75192-1' and c.label = 'New/Sealed'`)

    const stats = await context.app.inject({ url: '/api/me/stats', headers: { cookie } })
    // 2 × 649.99 for the sealed Falcon; the used Galaxy Explorer has no used-grade price yet.
    expect(stats.json()).toEqual({
      collectionCount: 3,
      alertsCount: 1,
      totalValue: '1299.98',
      estimatedEntries: 0,
      estimatedValue: '0.00',
    })
  })

  it('needs a signed-in user', async () => {
    expect((await context.app.inject({ url: '/api/me/stats' })).statusCode).toBe(401)
  })
})

describe('GET /api/me/alert-email', () => {
  it('says alert e-mails are not sent by a server without a mail server (SMTP_URL unset)', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail('nomail') })
    const response = await context.app.inject({ url: '/api/me/alert-email', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(alertEmailStatusSchema.parse(response.json())).toEqual({ available: false })
  })

  it('needs a signed-in user', async () => {
    expect((await context.app.inject({ url: '/api/me/alert-email' })).statusCode).toBe(401)
  })

  it('sends no test e-mail, and says why', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail('nomail') })
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/me/alert-email/test',
      headers: { cookie },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'MAIL_OFF',
      message: 'This server does not send e-mail: alerts show in the app only.',
    })
  })
})
