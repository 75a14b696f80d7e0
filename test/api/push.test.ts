import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { type AlertPusher, startAlertPusher } from '#server/jobs/alert-pusher.ts'
import { NOT_A_PUSH_SERVICE } from '#server/modules/push/push.service.ts'
import { AlertMarket, type Person } from '../support/alert-market.ts'
import { type PushBrowser, PushService } from '../support/push-service.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Push notifications of fired alerts (ADR 053) through a real push service on 127.0.0.1 that checks each
 * message's encryption and VAPID signature: turning them on and off per browser, the test notification, one
 * notification per real crossing, several alerts in one, a service that is down or says a browser is gone.
 */
const service = await new PushService().start()
const context = setupTestApp({
  push: { subject: 'mailto:alerts@brickfolio.test', services: [service.origin] },
  authLimits: { perIpPerMinute: 1000, perSourcePer15Minutes: 10 },
})

let pusher: AlertPusher
beforeAll(async () => {
  pusher = await startAlertPusher({
    db: context.database.db,
    // Passes run when a test says (runNow): the pass an alert event's NOTIFY starts has a test of its own.
    listen: async () => async () => {},
    push: context.app.push,
    log: context.app.log,
    pollMs: 60_000,
    firstRetryMs: 60_000,
    maxRetryMs: 60_000,
  })
  await market.open()
})

afterAll(async () => {
  await pusher.stop()
  await service.stop()
})

const market = new AlertMarket(context, 'PU')
const { person, newItem, priceAt } = market
const setAlert = (who: Person, itemId: number, thresholdValue: string) =>
  market.setAlert(who, itemId, 'below', thresholdValue)
const api = (
  who: Person | undefined,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: unknown,
) =>
  context.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, payload: payload as object })
const turnOn = async (who: Person, browser: PushBrowser) => {
  const response = await api(who, 'PUT', '/api/me/push-subscriptions', browser.subscription)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { devices: number }
}
const unpushed = async (who: Person) =>
  (
    await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from alert_events where user_id = ${who.id} and pushed_at is null`,
    )
  )[0]?.n
const devices = async (who: Person) => (await api(who, 'GET', '/api/me/push')).json().devices as number

describe('turning push notifications on and off in a browser', () => {
  it('gives the VAPID key, kept in the database for every instance', async () => {
    const owner = await person()
    const response = await api(owner, 'GET', '/api/me/push')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      publicKey: expect.stringMatching(/^B[\w-]{86}$/),
      devices: 0,
      thisBrowser: false,
    })
    const other = await buildApp({ db: context.database.db })
    try {
      expect(other.push.vapid.publicKey).toBe(response.json().publicKey)
    } finally {
      await other.close()
    }
    expect((await api(undefined, 'GET', '/api/me/push')).statusCode).toBe(401)
  })

  it('keeps a browser once, and turns it off', async () => {
    const owner = await person()
    const browser = service.browser()
    expect(await turnOn(owner, browser)).toMatchObject({ devices: 1 })
    expect(await turnOn(owner, browser)).toMatchObject({ devices: 1 })
    expect(await turnOn(owner, service.browser())).toMatchObject({ devices: 2 })
    const off = await api(owner, 'DELETE', '/api/me/push-subscriptions', {
      endpoint: browser.subscription.endpoint,
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({ devices: 1 })
    const again = await api(owner, 'DELETE', '/api/me/push-subscriptions', {
      endpoint: browser.subscription.endpoint,
    })
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('Push notifications are not on for this browser.')
  })

  it('gives a browser to whoever signed in there last; nobody turns off another’s', async () => {
    const first = await person()
    const second = await person()
    const browser = service.browser()
    await turnOn(first, browser)
    const notTheirs = await api(second, 'DELETE', '/api/me/push-subscriptions', {
      endpoint: browser.subscription.endpoint,
    })
    expect(notTheirs.statusCode).toBe(404)
    expect(await devices(first)).toBe(1)
    const asked = `/api/me/push?endpoint=${encodeURIComponent(browser.subscription.endpoint)}`
    expect((await api(first, 'GET', asked)).json()).toMatchObject({ devices: 1, thisBrowser: true })
    await turnOn(second, browser)
    expect((await api(first, 'GET', asked)).json()).toMatchObject({ devices: 0, thisBrowser: false })
    expect((await api(second, 'GET', asked)).json()).toMatchObject({ devices: 1, thisBrowser: true })
    const badQuery = await api(second, 'GET', '/api/me/push?endpoint=nowhere')
    expect(badQuery.statusCode).toBe(400)
    expect(badQuery.json().message).toContain('endpoint must be the push service address the browser gave')
  })

  it('ends with the session it was turned on in: signing out there stops its notifications', async () => {
    const owner = await person()
    const browser = service.browser()
    await turnOn(owner, browser)
    const kept = async () =>
      (
        await queryRows<{ n: number }>(
          context.database.db,
          sql`select count(*)::int as n from push_subscriptions where endpoint = ${browser.subscription.endpoint}`,
        )
      )[0]?.n
    expect(await kept()).toBe(1)
    const out = await api(owner, 'POST', '/api/auth/logout')
    expect(out.statusCode, out.body).toBeLessThan(400)
    expect(await kept()).toBe(0)
  })

  it('refuses what is not a browser’s subscription at an allowed push service, keeping nothing', async () => {
    const owner = await person()
    const good = service.browser().subscription
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint must be the push service address the browser gave'],
      [{ ...good, endpoint: 'https://collector.example/push/1' }, NOT_A_PUSH_SERVICE],
      [{ ...good, endpoint: good.endpoint.replace('http://', 'http://user:pass@') }, NOT_A_PUSH_SERVICE],
      [
        { ...good, endpoint: `${service.origin}/${'a'.repeat(2001)}` },
        'endpoint must be at most 2,000 characters',
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: 'abc' } },
        "keys.p256dh must be the browser's P-256 public key",
      ],
      // 87 characters of the right form, but not a point on the curve: nothing could be encrypted to it.
      [
        { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } },
        'keys.p256dh is not a P-256 public key',
      ],
      [
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}==` } },
        "keys.auth must be the browser's auth secret",
      ],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, extra: 1 }, 'extra'],
    ]
    for (const [payload, message] of cases) {
      const response = await api(owner, 'PUT', '/api/me/push-subscriptions', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(message)
    }
    const badDelete = await api(owner, 'DELETE', '/api/me/push-subscriptions', { endpoint: 5 })
    expect(badDelete.statusCode).toBe(400)
    expect(await devices(owner)).toBe(0)
    expect((await api(undefined, 'PUT', '/api/me/push-subscriptions', good)).statusCode).toBe(401)
  })
})

describe('the test notification', () => {
  it('reaches each browser, once a minute at most', async () => {
    const without = await person()
    const none = await api(without, 'POST', '/api/me/push/test')
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBe(
      'Push notifications are not on in any of your browsers: turn them on first.',
    )
    const owner = await person()
    const phone = service.browser()
    const laptop = service.browser()
    await turnOn(owner, phone)
    await turnOn(owner, laptop)
    const sent = await api(owner, 'POST', '/api/me/push/test')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ devices: 2 })
    for (const browser of [phone, laptop])
      expect(await browser.received()).toEqual([
        {
          title: 'Brickfolio test notification',
          body: 'Your price alerts will reach this browser like this.',
          url: '/alerts',
          tag: 'test',
        },
      ])
    const soon = await api(owner, 'POST', '/api/me/push/test')
    expect(soon.statusCode).toBe(429)
    expect(soon.json().message).toBe(
      'A test notification went out less than a minute ago: look for it, or try again soon.',
    )
  })

  it('says so when the push service fails, and forgets a browser it says is gone', async () => {
    const owner = await person()
    const browser = service.browser()
    await turnOn(owner, browser)
    service.answer(browser, 410)
    const gone = await api(owner, 'POST', '/api/me/push/test')
    expect(gone.statusCode).toBe(502)
    expect(gone.json().code).toBe('PUSH_FAILED')
    expect(await devices(owner)).toBe(0)
  })
})

describe('alert notifications', () => {
  it('pushes exactly one notification per real crossing, encrypted to the browser and signed', async () => {
    const owner = await person()
    const browser = service.browser()
    await turnOn(owner, browser)
    const item = await newItem('Push Manor')
    const alertId = await setAlert(owner, item.id, '600')
    let sale = await priceAt(item.id, '650')
    sale = await priceAt(item.id, '590', sale)
    await pusher.runNow()
    expect(await browser.received()).toEqual([
      {
        title: `${item.number} Push Manor is below £600.00`,
        body: 'New/Sealed: fair price £590.00, below your alert at £600.00',
        url: `/item/${item.slug}`,
        tag: `alert-${alertId}`,
      },
    ])
    const [request] = service.requests.filter((r) =>
      r.path.endsWith(browser.subscription.endpoint.split('/').pop() as string),
    )
    expect(request?.headers.ttl).toBe('3600')
    expect(request?.headers.urgency).toBe('normal')
    // Within the 2 % margin, then below again: no new crossing, nothing pushed.
    for (const price of ['595', '611', '580']) sale = await priceAt(item.id, price, sale)
    await pusher.runNow()
    expect(await browser.received()).toHaveLength(1)
    sale = await priceAt(item.id, '615', sale)
    await priceAt(item.id, '570', sale)
    await pusher.runNow()
    expect((await browser.received()).map((payload) => payload.body)).toEqual([
      'New/Sealed: fair price £590.00, below your alert at £600.00',
      'New/Sealed: fair price £570.00, below your alert at £600.00',
    ])
    expect(await unpushed(owner)).toBe(0)
  })

  it('goes out as the alert fires: the event’s NOTIFY wakes the pusher', async () => {
    const listening = await startAlertPusher({
      db: context.database.db,
      listen: context.app.listenTo,
      push: context.app.push,
      log: context.app.log,
      pollMs: 60_000,
    })
    try {
      const owner = await person()
      const browser = service.browser()
      await turnOn(owner, browser)
      const item = await newItem('Swift Keep')
      await setAlert(owner, item.id, '100')
      await priceAt(item.id, '90')
      await expect.poll(async () => (await browser.received()).length, { timeout: 5000 }).toBe(1)
    } finally {
      await listening.stop()
    }
  })

  it('tells of alerts fired together in one notification, to each browser', async () => {
    const owner = await person()
    const phone = service.browser()
    const laptop = service.browser()
    await turnOn(owner, phone)
    await turnOn(owner, laptop)
    const item = await newItem('Twin Spires')
    await setAlert(owner, item.id, '300')
    await setAlert(owner, item.id, '250')
    await priceAt(item.id, '200')
    await pusher.runNow()
    for (const browser of [phone, laptop]) {
      const [payload] = await browser.received()
      expect(await browser.received()).toHaveLength(1)
      expect(payload).toMatchObject({ title: '2 price alerts fired', url: '/alerts', tag: 'price-alerts' })
      expect(payload?.body.split('\n')).toEqual([
        `${item.number} Twin Spires is below £300.00`,
        `${item.number} Twin Spires is below £250.00`,
      ])
    }
  })

  it('keeps the notification while the push service is down, and sends it once when it is back', async () => {
    const owner = await person()
    const browser = service.browser()
    await turnOn(owner, browser)
    const item = await newItem('Storm Keep')
    await setAlert(owner, item.id, '100')
    await priceAt(item.id, '90')
    service.answer(browser, 500, 429)
    expect(await pusher.runNow()).toMatchObject({ sent: 0, failed: 1 })
    expect(await unpushed(owner)).toBe(1)
    expect(await pusher.runNow()).toMatchObject({ sent: 0, failed: 1 })
    expect(await browser.received()).toHaveLength(0)
    expect(await pusher.runNow()).toMatchObject({ sent: 1, failed: 0 })
    expect(await browser.received()).toHaveLength(1)
    await pusher.runNow()
    expect(await browser.received()).toHaveLength(1)
    expect(await unpushed(owner)).toBe(0)
  })

  it('forgets a browser that is gone and still reaches the others', async () => {
    const owner = await person()
    const gone = service.browser()
    const kept = service.browser()
    await turnOn(owner, gone)
    await turnOn(owner, kept)
    service.answer(gone, 410)
    const item = await newItem('Lost Tower')
    await setAlert(owner, item.id, '100')
    await priceAt(item.id, '90')
    expect(await pusher.runNow()).toMatchObject({ sent: 1, failed: 0 })
    expect(await kept.received()).toHaveLength(1)
    expect(await gone.received()).toHaveLength(0)
    expect(await devices(owner)).toBe(1)
  })

  it('settles, unsent, the events of users without a browser and the ones over an hour old', async () => {
    const without = await person()
    const late = await person()
    const browser = service.browser()
    await turnOn(late, browser)
    const item = await newItem('Quiet Hall')
    await setAlert(without, item.id, '100')
    await setAlert(late, item.id, '100')
    // The push service down when they fired; back once they are over an hour old.
    service.answer(browser, 503)
    await priceAt(item.id, '90')
    await pusher.runNow()
    expect(await unpushed(late)).toBe(1)
    await context.database.db.execute(
      sql`update alert_events set created_at = now() - interval '61 minutes' where user_id = ${late.id}`,
    )
    expect(await pusher.runNow()).toMatchObject({ sent: 0, failed: 0 })
    expect(await unpushed(without)).toBe(0)
    expect(await unpushed(late)).toBe(0)
    expect(await browser.received()).toHaveLength(0)
  })
})
