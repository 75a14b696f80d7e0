import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { signInAtProvider, startOidcProvider } from '../support/oidc-provider.ts'
import { sessionCookie, signUp } from '../support/session.ts'
import { createTestDatabase } from '../support/test-database.ts'

/** What app.inject's requests are addressed to (`localhost:80`), without the default port. */
const APP_ORIGIN = 'http://localhost'
const client = {
  clientId: 'brickfolio',
  clientSecret: 'a client secret',
  redirectUri: `${APP_ORIGIN}/api/callback`,
}

let provider: Awaited<ReturnType<typeof startOidcProvider>>
let database: DatabaseHandle
let app: App

beforeAll(async () => {
  provider = await startOidcProvider(client)
  database = await createTestDatabase()
  app = await buildApp({
    db: database.db,
    oidc: { issuer: provider.issuer, clientId: client.clientId, clientSecret: client.clientSecret },
  })
})
afterAll(async () => {
  await app?.close()
  await database?.close()
  await provider?.close()
})

/** /api/login → the provider's login and consent pages → /api/callback; the session cookie it sets. */
async function signInWithProvider(accountId: string) {
  const login = await app.inject({ url: '/api/login' })
  expect(login.statusCode).toBe(302)
  const authorizationUrl = new URL(login.headers.location as string)
  expect(authorizationUrl.origin).toBe(provider.issuer)
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(client.redirectUri)
  const attemptCookie = String(login.headers['set-cookie']).split(';')[0] as string

  const back = await signInAtProvider(authorizationUrl.href, accountId, APP_ORIGIN)
  const callback = await app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: attemptCookie },
  })
  expect(callback.statusCode).toBe(302)
  expect(callback.headers.location).toBe('/')
  return sessionCookie(callback.headers['set-cookie'])
}

describe('OpenID Connect sign-in', () => {
  it('says single sign-on is available', async () => {
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toEqual({ oidc: true })
  })

  it('creates a new user from the provider’s claims, and finds them again next time', async () => {
    provider.addAccount({
      sub: 'olive-1',
      email: 'Olive@Example.com',
      email_verified: true,
      given_name: 'Olive',
      family_name: 'Idsen',
      picture: 'https://images.example.com/olive.png',
    })
    const cookie = await signInWithProvider('olive-1')
    const user = (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json()
    expect(user).toMatchObject({
      email: 'olive@example.com',
      firstName: 'Olive',
      lastName: 'Idsen',
      profileImageUrl: 'https://images.example.com/olive.png',
      onboardingCompleted: false,
    })
    const again = await signInWithProvider('olive-1')
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: again } })).json().id).toBe(user.id)
  })

  it('joins an existing password account only through a verified e-mail', async () => {
    const { id } = await signUp(app, { email: 'pat@example.com' })
    provider.addAccount({
      sub: 'pat-verified',
      email: 'pat@example.com',
      email_verified: true,
      given_name: 'Pat',
      family_name: 'Verified',
      picture: '',
    })
    const cookie = await signInWithProvider('pat-verified')
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id).toBe(id)

    await signUp(app, { email: 'sam@example.com' })
    provider.addAccount({
      sub: 'sam-unverified',
      email: 'sam@example.com',
      email_verified: false,
      given_name: 'Sam',
      family_name: 'Impostor',
      picture: '',
    })
    const other = await signInWithProvider('sam-unverified')
    const user = (await app.inject({ url: '/api/auth/user', headers: { cookie: other } })).json()
    expect(user).toMatchObject({ email: null, firstName: 'Sam' })
  })

  it('refuses a callback without the sign-in attempt it belongs to', async () => {
    const response = await app.inject({ url: '/api/callback?code=stolen&state=guessed' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/login?error=sign-in-expired')
    expect(response.headers['set-cookie']).not.toMatch(/bf_session=[^;]/)
  })

  it('refuses a callback whose state does not match', async () => {
    const login = await app.inject({ url: '/api/login' })
    const attemptCookie = String(login.headers['set-cookie']).split(';')[0] as string
    const response = await app.inject({
      url: '/api/callback?code=abc&state=not-the-state',
      headers: { cookie: attemptCookie },
    })
    expect(response.headers.location).toBe('/login?error=sign-in-failed')
  })

  it('refuses a callback with a parameter given twice, as bad input', async () => {
    const login = await app.inject({ url: '/api/login' })
    const attemptCookie = String(login.headers['set-cookie']).split(';')[0] as string
    const response = await app.inject({
      url: '/api/callback?code=abc&state=one&state=two',
      headers: { cookie: attemptCookie },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'state' }] })
    expect(response.headers['set-cookie'] ?? '').not.toMatch(/bf_session=[^;]/)
  })
})
