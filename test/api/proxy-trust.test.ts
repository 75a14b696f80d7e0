import { describe, expect, it } from 'vitest'
import { sessionCookie, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const limits = { perIpPerMinute: 5, perSourcePer15Minutes: 1000 }
const untrusting = setupTestApp({ authLimits: limits })
// app.inject comes from 127.0.0.1, so this is "behind a proxy on loopback".
const behindProxy = setupTestApp({ authLimits: limits, trustProxy: ['127.0.0.1'] })

const signIn = (context: typeof untrusting, forwardedFor: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.com', password: 'not the password at all' },
  })

const signUp = (context: typeof untrusting, forwardedFor: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('flood'), password: 'correct horse battery' },
  })

describe('proxies are trusted only when TRUST_PROXY says so', () => {
  it('by default, X-Forwarded-For does not give a client a fresh sign-in or sign-up allowance', async () => {
    const signIns = []
    for (let i = 0; i < 12; i++) signIns.push((await signIn(untrusting, `203.0.113.${i}`)).statusCode)
    expect(signIns.slice(0, 5).every((status) => status === 401)).toBe(true)
    expect(signIns.slice(5).every((status) => status === 429)).toBe(true)

    const signUps = []
    for (let i = 0; i < 8; i++) signUps.push((await signUp(untrusting, `198.51.100.${i}`)).statusCode)
    expect(signUps.filter((status) => status === 201)).toHaveLength(5)
    expect(signUps.slice(5)).toEqual([429, 429, 429])
  })

  it('by default, X-Forwarded-Host and -Proto do not change our origin, HSTS or the cookie', async () => {
    const forged = await untrusting.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().code).toBe('CROSS_ORIGIN')

    const page = await untrusting.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers['strict-transport-security']).toBeUndefined()
    expect(String(page.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests')
  })

  it('behind a trusted proxy, the forwarded client address, host and scheme count', async () => {
    // Each client behind the proxy has its own allowance; one client still runs out.
    const first = []
    for (let i = 0; i < 6; i++) first.push((await signIn(behindProxy, '203.0.113.7')).statusCode)
    expect(first).toEqual([401, 401, 401, 401, 401, 429])
    expect((await signIn(behindProxy, '203.0.113.8')).statusCode).toBe(401)

    const sameSite = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        origin: 'https://brickfolio.example',
        'x-forwarded-host': 'brickfolio.example',
        'x-forwarded-proto': 'https',
      },
    })
    expect(sameSite.statusCode).toBe(204)

    const secure = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      payload: { email: uniqueEmail('secure'), password: 'correct horse battery' },
    })
    expect(secure.statusCode).toBe(201)
    expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/)
    expect(sessionCookie(secure.headers['set-cookie'])).toMatch(/^bf_session=/)
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(String(secure.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/)
  })
})
