import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { type AlertMailer, startAlertMailer } from '#server/jobs/alert-mailer.ts'
import { HOURLY_MS } from '#server/modules/mail/alert-mail.service.ts'
import { smtpTransport } from '#server/modules/mail/mail.transport.ts'
import { DAY_MS } from '#shared/dates.ts'
import { AlertMarket, type Person } from '../support/alert-market.ts'
import { SmtpSink } from '../support/smtp-sink.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Alert e-mails (issue 13 part 4) through a real SMTP server on 127.0.0.1: one e-mail per real crossing,
 * immediately or in a daily digest, none when off; the one-click unsubscribe without signing in; a mail
 * server that refuses or is down; two instances on one database never sending an event twice.
 */
const sink = new SmtpSink()
const BASE = 'https://brickfolio.test'
const transport = () => smtpTransport({ url: sink.url, from: 'Brickfolio <alerts@brickfolio.test>' })
// The app's own mail (the profile's test e-mail): through the sink, whose port is known once it has started.
// More people sign up here than the sign-up limit lets through a minute from one address.
const context = setupTestApp({
  mail: {
    transport: { send: (message) => transport().send(message), close: () => {} },
    links: { baseUrl: BASE },
  },
  authLimits: { perIpPerMinute: 1000, perSourcePer15Minutes: 10 },
})
const mailerOn = async (app: App, extra: { now?: () => Date } = {}) =>
  startAlertMailer({
    db: context.database.db,
    listen: app.listenTo,
    transport: transport(),
    links: { baseUrl: BASE },
    digestHourUtc: 8,
    log: app.log,
    pollMs: 60_000,
    firstRetryMs: 100,
    maxRetryMs: 200,
    ...extra,
  })

let mailer: AlertMailer
const market = new AlertMarket(context, 'EM')
const { person, newItem, setAlert, priceAt } = market

beforeAll(async () => {
  await sink.start()
  mailer = await mailerOn(context.app)
  await market.open()
})

afterAll(async () => {
  await mailer.stop()
  await sink.stop()
})

const setAlertEmail = (who: Person, alertEmail: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { cookie: who.cookie },
    payload: { alertEmail },
  })
const unemailed = async (who: Person) =>
  (
    await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from alert_events where user_id = ${who.id} and emailed_at is null`,
    )
  )[0]?.n
/**
 * The event is back in the outbox, not lost nor stamped as sent. Polled: while the mail server fails, the
 * mailer's own retry (every 100–200 ms here) claims it again for the length of each attempt, so one read may
 * fall inside an attempt.
 */
const stillWaiting = async (who: Person, sentBefore: number) => {
  expect(sink.to(who.email)).toHaveLength(sentBefore)
  await expect.poll(() => unemailed(who), { timeout: 5000, interval: 20 }).toBe(1)
}
const unsubscribeUrl = (mail: { headers: Map<string, string> }) =>
  /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] as string

describe('immediate alert e-mails', () => {
  it('sends exactly one e-mail per real crossing, none while the price wobbles near the threshold', async () => {
    const owner = await person()
    const item = await newItem('Email Manor')
    await setAlert(owner, item.id, 'below', '600')
    let sale = await priceAt(item.id, '650')
    sale = await priceAt(item.id, '590', sale)
    const [mail] = await sink.waitFor(owner.email, 1)
    if (!mail) throw new Error('no mail')

    expect(mail.subject).toBe(`Price alert: ${item.number} Email Manor is below £600.00`)
    expect(mail.text).toContain('New/Sealed: fair price £590.00, below your alert at £600.00')
    expect(mail.text).toContain(`${BASE}/item/${item.slug}`)
    expect(mail.text).toContain(`${BASE}/alerts`)
    expect(mail.html).toContain(`href="${BASE}/item/${item.slug}"`)
    expect(mail.headers.get('from')).toBe('Brickfolio <alerts@brickfolio.test>')
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(unsubscribeUrl(mail)).toMatch(new RegExp(`^${BASE}/api/email/unsubscribe\\?token=[0-9a-f-]{36}$`))
    expect(mail.text).toContain(unsubscribeUrl(mail))

    // Still below, back up within the 2 % margin, below again: no new crossing, no e-mail.
    for (const price of ['595', '611', '580']) sale = await priceAt(item.id, price, sale)
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(1)
    // Past the margin (re-armed, nothing to tell), then below again: the second real crossing.
    sale = await priceAt(item.id, '615', sale)
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(1)
    await priceAt(item.id, '570', sale)
    const mails = await sink.waitFor(owner.email, 2)
    expect(mails[1]?.text).toContain('fair price £570.00')
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(2)
    expect(await unemailed(owner)).toBe(0)
  })

  it('tells of several alerts fired together in one message', async () => {
    const owner = await person()
    const item = await newItem('Twin Towers')
    await setAlert(owner, item.id, 'below', '300')
    await setAlert(owner, item.id, 'below', '250')
    await priceAt(item.id, '200')
    const [mail] = await sink.waitFor(owner.email, 1)
    expect(mail?.subject).toMatch(/^Price alerts: .* is below £\d+\.00, and 1 more$/)
    expect(mail?.text).toContain('below your alert at £300.00')
    expect(mail?.text).toContain('below your alert at £250.00')
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(1)
  })
})

describe('the choice of e-mails', () => {
  it('is offered: this server sends alert e-mails', async () => {
    const owner = await person()
    const response = await context.app.inject({
      url: '/api/me/alert-email',
      headers: { cookie: owner.cookie },
    })
    expect(response.json()).toEqual({ available: true })
  })

  it('refuses a value that is not a choice, clearly', async () => {
    const owner = await person()
    for (const value of ['weekly', '', null, 1]) {
      const response = await setAlertEmail(owner, value)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toContain("alertEmail must be 'immediate', 'hourly', 'daily' or 'off'")
    }
    const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: owner.cookie } })
    expect(me.json().alertEmail).toBe('immediate')
  })

  it('sends nothing when off, and nothing old once turned back on', async () => {
    const owner = await person()
    const changed = await setAlertEmail(owner, 'off')
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().alertEmail).toBe('off')
    const item = await newItem('Quiet Keep')
    await setAlert(owner, item.id, 'above', '100')
    await priceAt(item.id, '150')
    await mailer.runNow()
    expect(await unemailed(owner)).toBe(0)
    expect((await setAlertEmail(owner, 'immediate')).json().alertEmail).toBe('immediate')
    await mailer.runNow()
    expect(sink.to(owner.email)).toEqual([])
  })

  it('at most hourly: the first alert at once, those of the next hour together in one e-mail after it', async () => {
    const owner = await person()
    expect((await setAlertEmail(owner, 'hourly')).json().alertEmail).toBe('hourly')
    const first = await newItem('Hourly Hall')
    const second = await newItem('Hourly Hold')
    await setAlert(owner, first.id, 'above', '100')
    await priceAt(first.id, '150')
    const [mail] = await sink.waitFor(owner.email, 1)
    expect(mail?.subject).toBe(`Price alert: ${first.number} Hourly Hall is above £100.00`)

    // Two more fire within the hour: they wait, however often the outbox looks.
    await setAlert(owner, second.id, 'above', '100')
    await setAlert(owner, second.id, 'above', '110')
    await priceAt(second.id, '150')
    await mailer.runNow()
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(1)
    expect(await unemailed(owner)).toBe(2)

    const anHourOn = await mailerOn(context.app, { now: () => new Date(Date.now() + HOURLY_MS + 1000) })
    try {
      await anHourOn.runNow()
      const mails = await sink.waitFor(owner.email, 2)
      expect(mails[1]?.subject).toMatch(/^Price alerts: .*Hourly Hold is above £1[01]0\.00, and 1 more$/)
      expect(mails[1]?.text).toContain('above your alert at £100.00')
      expect(mails[1]?.text).toContain('above your alert at £110.00')
      await anHourOn.runNow()
      expect(sink.to(owner.email)).toHaveLength(2)
      expect(await unemailed(owner)).toBe(0)
    } finally {
      await anHourOn.stop()
    }
  })

  it('gathers the day in one digest after the digest hour, once', async () => {
    const owner = await person()
    expect((await setAlertEmail(owner, 'daily')).statusCode).toBe(200)
    const first = await newItem('Digest Dock')
    const second = await newItem('Digest Depot')
    await setAlert(owner, first.id, 'below', '500')
    await setAlert(owner, first.id, 'below', '450')
    await setAlert(owner, second.id, 'above', '100')
    await priceAt(first.id, '400')
    await priceAt(second.id, '120')
    // Today's digest time has passed before these fired: they wait for tomorrow's.
    await mailer.runNow()
    expect(sink.to(owner.email)).toEqual([])
    expect(await unemailed(owner)).toBe(3)

    const tomorrow = await mailerOn(context.app, { now: () => new Date(Date.now() + DAY_MS) })
    try {
      await tomorrow.runNow()
      const [digest, ...more] = await sink.waitFor(owner.email, 1)
      expect(more).toEqual([])
      expect(digest?.subject).toMatch(/^Daily digest: 3 price alerts fired \(\d{1,2} \w{3} \d{4}\)$/)
      for (const text of [
        'Digest Dock is below £500.00',
        'Digest Dock is below £450.00',
        'Digest Depot is above £100.00',
      ])
        expect(digest?.text).toContain(text)
      expect(digest?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      // Once a day: a second pass the same day has nothing left to send.
      await tomorrow.runNow()
      expect(sink.to(owner.email)).toHaveLength(1)
    } finally {
      await tomorrow.stop()
    }
  })
})

describe('the test e-mail', () => {
  const sendTest = (cookie?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/me/alert-email/test',
      headers: cookie ? { cookie } : {},
    })

  it("goes to the user's own address, once a minute", async () => {
    const owner = await person()
    const sent = await sendTest(owner.cookie)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ sentTo: owner.email })
    const [message] = await sink.waitFor(owner.email, 1)
    expect(message?.subject).toBe('Brickfolio test e-mail: price alerts reach you here')
    expect(message?.text).toContain('your price alert e-mails will arrive at this address')
    expect(message?.text).toContain(`${BASE}/profile`)
    expect(message?.html).toContain(`href="${BASE}/profile"`)

    const again = await sendTest(owner.cookie)
    expect(again.statusCode).toBe(429)
    expect(again.json().message).toBe(
      'A test e-mail went out less than a minute ago: look in your inbox, or try again soon.',
    )
    // Another user is not held up by the first one's minute.
    const other = await person()
    expect((await sendTest(other.cookie)).statusCode).toBe(200)
    expect(sink.to(owner.email)).toHaveLength(1)
  })

  it("says so when the mail server refuses it, without the server's words", async () => {
    const owner = await person()
    sink.refuse = true
    try {
      const refused = await sendTest(owner.cookie)
      expect(refused.statusCode).toBe(502)
      expect(refused.json()).toMatchObject({
        code: 'MAIL_FAILED',
        message: 'The mail server did not take the test e-mail: try again later.',
      })
    } finally {
      sink.refuse = false
    }
    expect(sink.to(owner.email)).toEqual([])
  })

  it('needs a signed-in user', async () => {
    expect((await sendTest()).statusCode).toBe(401)
  })
})

describe('the unsubscribe link', () => {
  let owner: Person
  let link: string
  beforeAll(async () => {
    owner = await person()
    const item = await newItem('Leaving Lodge')
    await setAlert(owner, item.id, 'below', '90')
    await priceAt(item.id, '80')
    const [mail] = await sink.waitFor(owner.email, 1)
    link = unsubscribeUrl(mail as never).replace(BASE, '')
  })
  const alertEmailOf = async (who: Person) =>
    (await context.app.inject({ url: '/api/auth/user', headers: { cookie: who.cookie } })).json().alertEmail

  it('shows a page that asks, signed out, and changes nothing by itself', async () => {
    const page = await context.app.inject({ url: link })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('Stop price-alert e-mails?')
    expect(page.body).toContain(owner.email)
    expect(page.body).toContain('<form method="post">')
    expect(await alertEmailOf(owner)).toBe('immediate')
  })

  it('turns e-mails off with the one-click POST of a mail provider, from any origin', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: link,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.body).toContain('You are unsubscribed')
    expect(await alertEmailOf(owner)).toBe('off')
    // Again (a second click, a multipart one-click): still fine; the page says it is off.
    const again = await context.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((await context.app.inject({ url: link })).body).toContain('Alert e-mails are off')
  })

  it('works for a signed-in user the private beta keeps out', async () => {
    const closedBeta = await buildApp({ db: context.database.db, betaPublic: false })
    try {
      const outsider = await person()
      const blocked = await closedBeta.inject({ url: '/api/me/alerts', headers: { cookie: outsider.cookie } })
      expect(blocked.statusCode).toBe(403)
      const page = await closedBeta.inject({ url: link, headers: { cookie: outsider.cookie } })
      expect(page.statusCode, page.body).toBe(200)
    } finally {
      await closedBeta.close()
    }
  })

  it('answers a missing, broken or unknown token with a clear 4xx, as a page to a browser', async () => {
    const cases = [
      ['/api/email/unsubscribe', 400, 'has no token'],
      ['/api/email/unsubscribe?token=abc', 400, 'not complete'],
      [`/api/email/unsubscribe?token=${'x'.repeat(500)}`, 400, 'token'],
      ['/api/email/unsubscribe?token=00000000-0000-4000-8000-000000000000', 404, 'not valid'],
    ] as const
    for (const [url, status, words] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await context.app.inject({ method, url })
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status)
        expect(response.json().message).toContain(words)
      }
    }
    const page = await context.app.inject({
      url: '/api/email/unsubscribe?token=00000000-0000-4000-8000-000000000000',
      headers: { accept: 'text/html,application/xhtml+xml' },
    })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('This link does not work')
  })
})

describe('a mail server that fails', () => {
  // A failure here must not leave the sink refusing the next tests' mail.
  afterEach(() => {
    sink.refuse = false
  })

  /**
   * An alert of `owner`'s fires while the mail server refuses: the event waits; once the server takes mail again,
   * the mailer's own retry (its back-off is 100–200 ms here) sends it. Answers that message.
   */
  async function refusedThenSent(owner: Person, itemName: string) {
    const item = await newItem(itemName)
    await setAlert(owner, item.id, 'above', '50')
    sink.refuse = true
    await priceAt(item.id, '60')
    const refused = await mailer.runNow()
    expect(refused.immediate.failed).toBeGreaterThan(0)
    await stillWaiting(owner, 0)
    sink.refuse = false
    const [mail] = await sink.waitFor(owner.email, 1)
    expect(await unemailed(owner)).toBe(0)
    return mail
  }

  it('keeps the events while it refuses or is down, and sends them once it is back', async () => {
    const owner = await person()
    await refusedThenSent(owner, 'Stormy Citadel')

    await sink.stop()
    const second = await newItem('Offline Outpost')
    await setAlert(owner, second.id, 'above', '50')
    await priceAt(second.id, '70')
    const down = await mailer.runNow()
    expect(down.immediate.failed).toBe(1)
    await stillWaiting(owner, 1)
    await sink.start()
    const mails = await sink.waitFor(owner.email, 2)
    expect(mails[1]?.subject).toContain('Offline Outpost')
    await mailer.runNow()
    expect(sink.to(owner.email)).toHaveLength(2)
  })

  it('tries an hourly user’s refused e-mail again with the others, not an hour later', async () => {
    const owner = await person()
    expect((await setAlertEmail(owner, 'hourly')).statusCode).toBe(200)
    // The refused message was no e-mail sent: the retry does not wait an hour.
    const mail = await refusedThenSent(owner, 'Hourly Harbour')
    expect(mail?.subject).toContain('Hourly Harbour')
  })
})

describe('two instances on one database', () => {
  it('never send the same event twice', async () => {
    const second = await buildApp({ db: context.database.db, listen: context.database.listen })
    const other = await mailerOn(second)
    try {
      const owners = await Promise.all(Array.from({ length: 8 }, () => person()))
      const item = await newItem('Crowded Harbour')
      for (const owner of owners) await setAlert(owner, item.id, 'below', '1000')
      await priceAt(item.id, '900')
      // Both are woken by the commit; both are also asked again at once, side by side.
      await Promise.all([mailer.runNow(), other.runNow(), mailer.runNow(), other.runNow()])
      for (const owner of owners) await sink.waitFor(owner.email, 1)
      await Promise.all([mailer.runNow(), other.runNow()])
      for (const owner of owners) expect(sink.to(owner.email)).toHaveLength(1)
    } finally {
      await other.stop()
      await second.close()
    }
  })
})
