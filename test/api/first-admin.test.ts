import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { loggerOptions } from '#server/lib/logger.ts'
import { signInAtProvider, startOidcProvider } from '../support/oidc-provider.ts'
import { sessionCookie, uniqueEmail } from '../support/session.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

/**
 * The first account of a fresh install becomes its admin (DESIGN §4), by password or OpenID Connect, and
 * exactly one does however many sign up at once. Each test starts from an install without accounts (the
 * test template has its first account already: support/first-account.ts).
 */
const APP_ORIGIN = 'http://localhost'
const client = {
  clientId: 'brickfolio',
  clientSecret: 'a client secret',
  redirectUri: `${APP_ORIGIN}/api/callback`,
}

let provider: Awaited<ReturnType<typeof startOidcProvider>>
let database: TestDatabase
let app: App
const lines: Array<{ level: number; msg: string }> = []

beforeAll(async () => {
  provider = await startOidcProvider(client)
  database = await createTestDatabase()
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  app = await buildApp({
    db: database.db,
    logger: loggerOptions({ level: 'info', stream }),
    oidc: { issuer: provider.issuer, clientId: client.clientId, clientSecret: client.clientSecret },
  })
})
afterAll(async () => {
  await app?.close()
  await database?.close()
  await provider?.close()
})
beforeEach(async () => {
  await database.db.execute(sql`delete from users`)
  lines.length = 0
})

const INFO = 30
const announcements = () =>
  lines.filter(
    (line) => line.level === INFO && /^The first account, .* is an administrator\.$/.test(line.msg),
  )

function register(email: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: address,
    payload: { email, password: 'correct horse battery' },
  })
}

const roles = () =>
  queryRows<{ email: string; role: string }>(
    database.db,
    sql`select email, role from users order by created_at`,
  )

describe('the first account of a fresh install', () => {
  it('is an admin when it signs up with a password, said once in the log; the next is a member', async () => {
    const first = uniqueEmail('owner')
    const created = await register(first, '10.20.0.1')
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ email: first, role: 'admin', isTrusted: false })
    expect(announcements().map((line) => line.msg)).toEqual([
      `The first account, ${first}, is an administrator.`,
    ])

    const second = await register(uniqueEmail('member'), '10.20.0.2')
    expect(second.json().role).toBe('user')
    // Signing in again announces nothing.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first, password: 'correct horse battery' },
    })
    expect(login.json().role).toBe('admin')
    expect(announcements()).toHaveLength(1)
  })

  it('is an admin when it comes through OpenID Connect; a later one is a member', async () => {
    provider.addAccount({
      sub: 'first-oidc',
      email: 'Founder@Example.com',
      email_verified: true,
      given_name: 'Fay',
      family_name: 'Founder',
      picture: 'https://images.example.com/fay.png',
    })
    provider.addAccount({
      sub: 'second-oidc',
      email: 'second@example.com',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Second',
      picture: 'https://images.example.com/sam.png',
    })
    const founder = await signInWithProvider('first-oidc')
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: founder } })).json().role).toBe(
      'admin',
    )
    expect(announcements().map((line) => line.msg)).toEqual([
      'The first account, founder@example.com, is an administrator.',
    ])
    // The same person again: the account is found, not created, and nothing is announced.
    await signInWithProvider('first-oidc')
    const second = await signInWithProvider('second-oidc')
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: second } })).json().role).toBe(
      'user',
    )
    expect(announcements()).toHaveLength(1)
    expect(await roles()).toEqual([
      { email: 'founder@example.com', role: 'admin' },
      { email: 'second@example.com', role: 'user' },
    ])
  })

  it('is exactly one admin when several people sign up at the same moment', async () => {
    // Each insert into users is held open for a while before it commits, so every sign-up overlaps the
    // others in the database: without the account-creation lock, each would see no account yet.
    await database.db.execute(
      sql.raw(`create function hold_new_user() returns trigger language plpgsql as $$
        begin perform pg_sleep(0.15); return new; end $$`),
    )
    await database.db.execute(
      sql.raw(
        'create trigger hold_new_user before insert on users for each row execute function hold_new_user()',
      ),
    )
    try {
      const emails = Array.from({ length: 6 }, (_, index) => uniqueEmail(`rush${index}`))
      const answers = await Promise.all(emails.map((email, index) => register(email, `10.21.0.${index + 1}`)))
      expect(answers.map((answer) => answer.statusCode)).toEqual(emails.map(() => 201))
      const admins = answers.filter((answer) => answer.json().role === 'admin')
      expect(admins).toHaveLength(1)
      const stored = await roles()
      expect(stored.filter((row) => row.role === 'admin')).toEqual([
        { email: admins[0]?.json().email, role: 'admin' },
      ])
      expect(stored).toHaveLength(6)
      expect(announcements().map((line) => line.msg)).toEqual([
        `The first account, ${admins[0]?.json().email}, is an administrator.`,
      ])
    } finally {
      await database.db.execute(sql.raw('drop trigger hold_new_user on users'))
      await database.db.execute(sql.raw('drop function hold_new_user()'))
    }
  })
})

/** /api/login → the provider's login and consent pages → /api/callback; the session cookie it sets. */
async function signInWithProvider(accountId: string) {
  const login = await app.inject({ url: '/api/login' })
  const attemptCookie = String(login.headers['set-cookie']).split(';')[0] as string
  const back = await signInAtProvider(login.headers.location as string, accountId, APP_ORIGIN)
  const callback = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: attemptCookie },
  })
  expect(callback.headers.location).toBe('/')
  return sessionCookie(callback.headers['set-cookie'])
}
