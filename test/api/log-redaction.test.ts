import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import { loggerOptions } from '#server/lib/logger.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

let database: TestDatabase
let app: App
const lines: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  // The server's own logger (main.ts), writing where the test can read it.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildApp({ db: database.db, logger: loggerOptions({ level: 'info', stream }) })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('log lines never hold secrets or the values a query was run with', () => {
  it('logs a failed sign-up without its e-mail, password, password hash or the cookie it was sent with', async () => {
    const signedIn = await signUp(app, { email: uniqueEmail('signed-in') })
    // A real failure in PostgreSQL for the next account, its detail holding the e-mail as a unique
    // violation's does ("Key (email)=(…) already exists.").
    await database.db.execute(
      sql.raw(`create function refuse_new_user() returns trigger language plpgsql as $$
        begin
          raise exception 'refused by the test' using detail = 'Key (email)=(' || new.email || ') refused.';
        end $$`),
    )
    await database.db.execute(
      sql.raw(`create trigger refuse_new_user before insert on users
        for each row execute function refuse_new_user()`),
    )
    const email = uniqueEmail('secret.person')
    const password = 'my very secret passphrase'
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie: signedIn.cookie, authorization: 'Bearer token-that-must-not-be-logged' },
      payload: { email, password, firstName: 'Ada' },
    })
    expect(response.statusCode).toBe(500)

    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed')
    // The failure is logged, with what it was and where, but not with what it was run with.
    expect(failure?.err).toMatchObject({ type: 'DrizzleQueryError', code: 'P0001', params: '[redacted]' })
    expect(failure.err.message).toMatch(/^Failed query: [\s\S]*insert into "?users"?/)
    expect(failure.err.message).toContain('params: [redacted]')
    expect(failure.err.message).toContain('refused by the test')

    const log = lines.join('\n')
    expect(log).not.toContain(email)
    expect(log).not.toContain(password)
    expect(log).not.toContain('$argon2')
    expect(log).not.toContain(signedIn.cookie.split('=')[1])
    expect(log).not.toContain('token-that-must-not-be-logged')
  })

  it('logs a request line without the secret values of its query string', async () => {
    await app.inject({ url: '/api/callback?code=authorization-code-secret&state=state-secret&other=kept' })
    const log = lines.join('\n')
    expect(log).toContain('/api/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&other=kept')
    expect(log).not.toContain('authorization-code-secret')
    expect(log).not.toContain('state-secret')
  })

  it('logs one line per request, when answered: method, URL, status and time, without cookies or tokens', async () => {
    const from = lines.length
    const response = await app.inject({
      url: '/api/items/not-a-number/price-summary?token=link-token-secret&range=all',
      headers: { cookie: 'bf_session=cookie-value-secret', authorization: 'Bearer bearer-value-secret' },
    })
    expect(response.statusCode).toBe(400)
    const entries = lines.slice(from).map((line) => JSON.parse(line))
    // Fastify's own two lines ("incoming request", "request completed") are gone.
    expect(entries.map((entry) => entry.msg)).toEqual([
      expect.stringMatching(
        /^GET \/api\/items\/not-a-number\/price-summary\?token=%5Bredacted%5D&range=all 400 \d+(\.\d)? ms$/,
      ),
    ])
    expect(entries[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      route: '/api/items/:id/price-summary',
      req: { method: 'GET', url: '/api/items/not-a-number/price-summary?token=%5Bredacted%5D&range=all' },
      res: { statusCode: 400 },
      responseTime: expect.any(Number),
    })
    expect(entries[0].req.headers).toBeUndefined()
    const log = lines.slice(from).join('\n')
    expect(log).not.toMatch(/link-token-secret|cookie-value-secret|bearer-value-secret/)
  })
})
