import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { sessionListSchema } from '#shared/contract/sessions.ts'
import { sessionCookie, signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ authLimits: { perIpPerMinute: 10_000, perSourcePer15Minutes: 10 } })

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36'
const PASSWORD = 'the right password'

/** A user signed in on two devices: the sign-up's session, then a second sign-in elsewhere. */
async function userOnTwoDevices() {
  const email = uniqueEmail()
  const signedUp = await context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': FIREFOX_LINUX },
  })
  const laptop = sessionCookie(signedUp.headers['set-cookie'])
  const phone = await signIn(email, CHROME_WINDOWS)
  return { email, userId: signedUp.json().id as string, laptop, phone }
}

async function signIn(email: string, userAgent = FIREFOX_LINUX): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  })
  expect(response.statusCode).toBe(200)
  return sessionCookie(response.headers['set-cookie'])
}

const listSessions = async (cookie: string) => {
  const response = await context.app.inject({ url: '/api/me/sessions', headers: { cookie } })
  expect(response.statusCode, response.body).toBe(200)
  return sessionListSchema.parse(response.json()).sessions
}
const isSignedIn = async (cookie: string) =>
  (await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode === 200

describe('sessions asked for together', () => {
  it('answers each request arriving at once with its own user, or none', async () => {
    // Requests that arrive together look their sessions up in one statement (a list of ids): each must still
    // get its own.
    const first = await userOnTwoDevices()
    const second = await userOnTwoDevices()
    const cookies = [
      first.laptop,
      second.phone,
      first.phone,
      'bf_session=not-a-session',
      second.laptop,
      first.laptop,
    ]
    const answers = await Promise.all(
      cookies.map((cookie) => context.app.inject({ url: '/api/auth/user', headers: { cookie } })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 200, 200])
    expect(answers.map((answer) => (answer.statusCode === 200 ? answer.json().email : null))).toEqual([
      first.email,
      second.email,
      first.email,
      null,
      second.email,
      first.email,
    ])
  })
})

describe('sessions kept in memory (ADR 034)', () => {
  /** Ends the user's sessions in a transaction that fires no trigger, so nothing is announced. */
  const endSilently = (userId: string) =>
    context.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`delete from sessions where sess ->> 'userId' = ${userId}`)
    })

  it('keeps a session looked up, and forgets it when the database announces a change of its user or of all', async () => {
    const one = await userOnTwoDevices()
    const other = await userOnTwoDevices()
    for (const cookie of [one.phone, other.phone]) expect(await isSignedIn(cookie)).toBe(true)
    await endSilently(one.userId)
    await endSilently(other.userId)
    // Unannounced, the change is not seen: the sessions were answered from memory.
    expect(await isSignedIn(one.phone)).toBe(true)
    expect(await isSignedIn(other.phone)).toBe(true)
    // What the triggers of migration 0033 send: one user's id, then '' for everyone.
    await context.database.db.execute(sql`select pg_notify('sessions_changed', ${one.userId})`)
    expect(await isSignedIn(one.phone)).toBe(false)
    expect(await isSignedIn(other.phone)).toBe(true)
    await context.database.db.execute(sql`select pg_notify('sessions_changed', '')`)
    expect(await isSignedIn(other.phone)).toBe(false)
  })

  it("shows a change of the user's row, made straight in the database, on the very next request", async () => {
    const { phone, userId } = await userOnTwoDevices()
    const user = async () =>
      (await context.app.inject({ url: '/api/auth/user', headers: { cookie: phone } })).json()
    expect((await user()).isTrusted).toBe(false)
    await context.database.db.execute(sql`update users set is_trusted = true where id = ${userId}`)
    expect((await user()).isTrusted).toBe(true)
    await context.database.db.execute(sql`update sessions set expire = now() - interval '1 second'
      where sess ->> 'userId' = ${userId}`)
    expect(await isSignedIn(phone)).toBe(false)
  })
})

describe('GET /api/me/sessions', () => {
  it("lists the user's sessions, this one first, with device, times and an opaque id", async () => {
    const { phone } = await userOnTwoDevices()
    const sessions = await listSessions(phone)
    expect(sessions).toHaveLength(2)
    expect(sessions.map((session) => [session.current, session.device])).toEqual([
      [true, 'Chrome on Windows'],
      [false, 'Firefox on Linux'],
    ])
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.now())
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    }
    // The public id is not the stored sid (a SHA-256 in hex), which would open the session.
    const sids = await queryRows<{ sid: string }>(context.database.db, sql`select sid from sessions`)
    const ids = new Set(sessions.map((session) => session.id))
    expect(sids.some(({ sid }) => ids.has(sid))).toBe(false)
  })

  it('shows no one else’s sessions, and answers 401 signed out', async () => {
    const first = await userOnTwoDevices()
    const second = await userOnTwoDevices()
    const mine = new Set((await listSessions(first.phone)).map((session) => session.id))
    const theirs = await listSessions(second.phone)
    expect(theirs.some((session) => mine.has(session.id))).toBe(false)
    const signedOut = await context.app.inject({ url: '/api/me/sessions' })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json().message).toBe('Authentication required. Please sign in.')
  })
})

describe('DELETE /api/me/sessions/:id', () => {
  it('ends another of my sessions: that browser is signed out, this one is not', async () => {
    const { laptop, phone } = await userOnTwoDevices()
    const other = (await listSessions(phone)).find((session) => !session.current)
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other?.id}`,
      headers: { cookie: phone },
    })
    expect(response.statusCode).toBe(204)
    expect(await isSignedIn(laptop)).toBe(false)
    expect(await isSignedIn(phone)).toBe(true)
    expect(await listSessions(phone)).toHaveLength(1)
  })

  it("answers 404 for another user's session and leaves it alone", async () => {
    const owner = await userOnTwoDevices()
    const stranger = await userOnTwoDevices()
    const target = (await listSessions(owner.phone))[0]
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${target?.id}`,
      headers: { cookie: stranger.phone },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' })
    expect(response.json().message).toContain('No session of yours has this id')
    expect(await isSignedIn(owner.phone)).toBe(true)
  })

  it('ends this session too when asked, clearing its cookie', async () => {
    const { phone, laptop } = await userOnTwoDevices()
    const current = (await listSessions(phone)).find((session) => session.current)
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${current?.id}`,
      headers: { cookie: phone },
    })
    expect(response.statusCode).toBe(204)
    expect(String(response.headers['set-cookie'])).toMatch(/bf_session=;/)
    expect(await isSignedIn(phone)).toBe(false)
    expect(await isSignedIn(laptop)).toBe(true)
  })

  it.each([
    ['not-a-uuid', 400],
    ['123', 400],
    ['00000000-0000-4000-8000-000000000000', 404],
  ])('answers %j with %i and a message, never 500', async (id, status) => {
    const { phone } = await userOnTwoDevices()
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${id}`,
      headers: { cookie: phone },
    })
    expect(response.statusCode).toBe(status)
    expect(response.json().message).toMatch(/session/i)
    expect(await listSessions(phone)).toHaveLength(2)
  })

  it('answers 401 signed out and 403 from another site', async () => {
    const { phone } = await userOnTwoDevices()
    const id = (await listSessions(phone))[1]?.id
    const signedOut = await context.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}` })
    expect(signedOut.statusCode).toBe(401)
    const crossSite = await context.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${id}`,
      headers: { cookie: phone, origin: 'https://evil.example' },
    })
    expect(crossSite.statusCode).toBe(403)
    expect(await listSessions(phone)).toHaveLength(2)
  })
})

describe('POST /api/me/sessions/revoke-others', () => {
  it('ends every other session of mine and none of anyone else', async () => {
    const { email, laptop, phone } = await userOnTwoDevices()
    const tablet = await signIn(email)
    const bystander = await userOnTwoDevices()
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { cookie: phone },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ended: 2 })
    expect([await isSignedIn(laptop), await isSignedIn(tablet), await isSignedIn(phone)]).toEqual([
      false,
      false,
      true,
    ])
    expect(await isSignedIn(bystander.laptop)).toBe(true)
    expect(await isSignedIn(bystander.phone)).toBe(true)
  })

  it('refuses a body it does not expect with 400, and answers 401 signed out', async () => {
    const { phone } = await userOnTwoDevices()
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { cookie: phone, 'content-type': 'application/json' },
      payload: '{"all": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toBeTruthy()
    expect(await listSessions(phone)).toHaveLength(2)
    const signedOut = await context.app.inject({ method: 'POST', url: '/api/me/sessions/revoke-others' })
    expect(signedOut.statusCode).toBe(401)
  })
})

describe('session lifetime and cap', () => {
  it('ends a session 90 days after sign-in however recently it was used', async () => {
    const { userId, phone } = await userOnTwoDevices()
    await context.database.db.execute(
      sql`update sessions set created_at = now() - interval '91 days', expire = now() + interval '29 days'
        where sess ->> 'userId' = ${userId}`,
    )
    expect(await isSignedIn(phone)).toBe(false)
  })

  it('never slides a session past its absolute end', async () => {
    const { userId, phone } = await userOnTwoDevices()
    await context.database.db.execute(
      sql`update sessions set created_at = now() - interval '85 days', expire = now() + interval '1 day'
        where sess ->> 'userId' = ${userId}`,
    )
    const response = await context.app.inject({ url: '/api/auth/user', headers: { cookie: phone } })
    expect(response.statusCode).toBe(200)
    // Five days are left of its 90: the cookie and the row say so, not 30 days.
    const maxAge = Number(/Max-Age=(\d+)/.exec(String(response.headers['set-cookie']))?.[1])
    expect(Math.round(maxAge / 3600)).toBe(120)
    const [row] = await queryRows<{ hours: number }>(
      context.database.db,
      sql`select round(extract(epoch from max(expire) - now()) / 3600)::int as hours from sessions
        where sess ->> 'userId' = ${userId}`,
    )
    expect(row?.hours).toBe(120)
  })

  it('writes nothing on each request in its last day, when there is no room to slide', async () => {
    const { userId, phone } = await userOnTwoDevices()
    await context.database.db.execute(
      sql`update sessions set created_at = now() - interval '89 days 12 hours',
          expire = now() + interval '12 hours', last_seen_at = now()
        where sess ->> 'userId' = ${userId}`,
    )
    const response = await context.app.inject({ url: '/api/auth/user', headers: { cookie: phone } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('notes when a session was last seen, at most every few minutes', async () => {
    const { userId, phone } = await userOnTwoDevices()
    await context.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '1 hour' where sess ->> 'userId' = ${userId}`,
    )
    await context.app.inject({ url: '/api/auth/user', headers: { cookie: phone } })
    const current = (await listSessions(phone)).find((session) => session.current)
    expect(Date.parse(current?.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
  })

  it("keeps a user's 20 newest sessions: the 21st sign-in ends the oldest", async () => {
    const email = uniqueEmail()
    const { cookie: oldest } = await signUp(context.app, { email, password: PASSWORD })
    const cookies: string[] = []
    for (let i = 0; i < 20; i++) cookies.push(await signIn(email))
    expect(await isSignedIn(oldest)).toBe(false)
    expect(await isSignedIn(cookies[0] as string)).toBe(true)
    expect(await listSessions(cookies[19] as string)).toHaveLength(20)
  })
})

describe('the API reference', () => {
  it('lists the session routes with their answers', async () => {
    const document = (await context.app.inject({ url: '/api/openapi.json' })).json()
    expect(Object.keys(document.paths['/api/me/sessions'])).toEqual(['get'])
    expect(Object.keys(document.paths['/api/me/sessions/{id}'])).toEqual(['delete'])
    expect(Object.keys(document.paths['/api/me/sessions/revoke-others'])).toEqual(['post'])
    expect(Object.keys(document.paths['/api/me/sessions/{id}'].delete.responses)).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '404']),
    )
  })
})
