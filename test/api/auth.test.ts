import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { userSchema } from '#shared/contract/auth.ts'
import { sessionCookie, signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ authLimits: { perIpPerMinute: 1000, perSourcePer15Minutes: 5 } })
const inject = (options: InjectOptions) => context.app.inject(options)

describe('sign-up', () => {
  it('creates the account, starts a session and answers the user', async () => {
    const email = uniqueEmail()
    const response = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `  ${email.toUpperCase()} `,
        password: 'correct horse battery',
        firstName: ' Ada ',
        lastName: '',
      },
    })
    expect(response.statusCode).toBe(201)
    const user = userSchema.parse(response.json())
    expect(user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: null,
      currencyPreference: 'USD',
      onboardingCompleted: false,
      isTrusted: false,
      role: 'user',
      totalPoints: 0,
      level: 1,
    })
    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/bf_session=[\w-]{40,}/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toMatch(/Max-Age=2592000/)

    const me = await inject({
      url: '/api/auth/user',
      headers: { cookie: sessionCookie(response.headers['set-cookie']) },
    })
    expect(me.json()).toMatchObject({ id: user.id, email })
  })

  it('stores only a hash of the password and of the session token', async () => {
    const email = uniqueEmail()
    const { cookie } = await signUp(context.app, { email, password: 'a secret password' })
    const [row] = await queryRows<{ passwordHash: string }>(
      context.database.db,
      sql`select password_hash as "passwordHash" from users where email = ${email}`,
    )
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    const token = cookie.split('=')[1] as string
    const stored = await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from sessions where sid = ${token}`,
    )
    expect(stored[0]?.n).toBe(0)
  })

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email })
    const again = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: 'another password' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('An account with this email already exists. Sign in instead.')
  })

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'Enter a valid email address'],
    [{ email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    [{ email: 'a@example.com' }, 'Password is required'],
    [{ password: 'long enough' }, 'Email is required'],
    [
      { email: `${'a'.repeat(250)}@example.com`, password: 'long enough' },
      'Email must be at most 254 characters',
    ],
    [{ email: 'a@example.com', password: 'x'.repeat(1025) }, 'Password must be at most 1024 characters'],
    [
      { email: 'a@example.com', password: 'long enough', firstName: 'x'.repeat(101) },
      'First name must be at most 100 characters',
    ],
  ])('refuses %j with a readable 400 and creates nothing', async (payload, message) => {
    const response = await inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain(message)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a malformed JSON body with a 400', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBeTruthy()
  })
})

describe('sign-in and sign-out', () => {
  it('signs in with the right password, with a new session each time', async () => {
    const email = uniqueEmail()
    const { cookie: first } = await signUp(context.app, { email, password: 'the right password' })
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email, password: 'the right password' },
    })
    expect(response.statusCode).toBe(200)
    const second = sessionCookie(response.headers['set-cookie'])
    expect(second).not.toBe(first)
    // The session the browser had before signing in is gone.
    expect((await inject({ url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(401)
    expect((await inject({ url: '/api/auth/user', headers: { cookie: second } })).json().email).toBe(email)
  })

  it('gives one message for a wrong password and for an unknown e-mail', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const wrongPassword = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'the wrong password' },
    })
    const unknownEmail = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'the wrong password' },
    })
    expect(wrongPassword.statusCode).toBe(401)
    expect(unknownEmail.statusCode).toBe(401)
    expect(wrongPassword.json().message).toBe('Incorrect email or password.')
    expect(unknownEmail.json().message).toBe('Incorrect email or password.')
  })

  it('ends the session on the server at sign-out', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const out = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/bf_session=;/)
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401)
  })

  it('ends the session and goes home on GET /api/logout from our own pages', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const out = await inject({ url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } })
    expect(out.statusCode).toBe(302)
    expect(out.headers.location).toBe('/')
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401)
  })

  it('sends /api/login to the sign-in page when no OpenID provider is configured', async () => {
    const response = await inject({ url: '/api/login' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/login')
    expect((await inject({ url: '/api/auth/providers' })).json()).toEqual({ oidc: false })
  })

  it('answers 401 for the user and beta access when signed out', async () => {
    for (const url of ['/api/auth/user', '/api/auth/beta-access']) {
      const response = await inject({ url })
      expect(response.statusCode).toBe(401)
      expect(response.json().message).toBe('Authentication required. Please sign in.')
    }
  })

  it('ignores a forged or expired session cookie', async () => {
    const response = await inject({ url: '/api/auth/user', headers: { cookie: 'bf_session=forged-token' } })
    expect(response.statusCode).toBe(401)
    expect(String(response.headers['set-cookie'])).toMatch(/bf_session=;/)

    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    await context.database.db.execute(sql`update sessions set expire = now() - interval '1 minute'`)
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401)
  })

  it('extends a session that is more than a day old', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    await context.database.db.execute(sql`update sessions set expire = now() + interval '20 days'`)
    const response = await inject({ url: '/api/auth/user', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=2592000/)
    const [row] = await queryRows<{ days: number }>(
      context.database.db,
      sql`select round(extract(epoch from max(expire) - now()) / 86400)::int as days from sessions`,
    )
    expect(row?.days).toBe(30)
  })
})

describe('rate limits', () => {
  it('refuses more than 5 sign-in attempts per e-mail in 15 minutes with 429', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const attempt = () =>
      inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'a wrong password' } })
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401)
    const blocked = await attempt()
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toBe('Too many attempts. Please wait a few minutes and try again.')
    // Even the right password waits until the window has passed.
    const right = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'the right password' },
    })
    expect(right.statusCode).toBe(429)
  })
})

describe('requests from other websites', () => {
  it('refuses a state-changing request whose Origin is another site', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { firstName: 'Mallory' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe('Requests from other websites are not allowed.')
    const crossSite = await inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).json().firstName).toBeNull()
  })

  it('accepts the same origin', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { firstName: 'Ada' },
    })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('session cleanup', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const { deleteExpiredSessions } = await import('#server/modules/auth/sessions.repo.ts')
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    await context.database.db.execute(
      sql`insert into sessions (sid, sess, expire) values ('expired-one', '{}'::jsonb, now() - interval '1 day')`,
    )
    await deleteExpiredSessions(context.database.db, { slidingDays: 30, absoluteDays: 90 })
    const [row] = await queryRows<{ expired: number }>(
      context.database.db,
      sql`select count(*) filter (where sid = 'expired-one')::int as expired from sessions`,
    )
    expect(row?.expired).toBe(0)
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200)
  })

  it('deletes sign-in attempts whose window has ended, and keeps counting the live ones', async () => {
    const { deleteEndedAttempts } = await import('#server/modules/auth/attempts.repo.ts')
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const attempt = () =>
      inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'a wrong password' } })
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401)
    await context.database.db.execute(
      sql`insert into auth_attempts (key, count, window_ends) values ('login:gone', 3, now() - interval '1 second')`,
    )
    await deleteEndedAttempts(context.database.db)
    const keys = await queryRows<{ key: string }>(context.database.db, sql`select key from auth_attempts`)
    expect(keys.map((row) => row.key)).not.toContain('login:gone')
    // The live window is kept: the sixth attempt is still refused.
    expect((await attempt()).statusCode).toBe(429)
  })
})
