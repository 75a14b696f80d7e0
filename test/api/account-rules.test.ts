import { describe, expect, it } from 'vitest'
import { sessionCookie, signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

// The per-IP route limit high, so that only the rules under test answer 429.
const context = setupTestApp({ authLimits: { perIpPerMinute: 10_000, perSourcePer15Minutes: 10 } })

function register(payload: object, remoteAddress = '127.0.0.1') {
  return context.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress })
}

function logIn(email: string, password: string, remoteAddress = '127.0.0.1') {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  })
}

describe('passwords people can guess are refused at sign-up', () => {
  it.each([
    ['password123', 'one of the most common passwords'],
    ['PassWord123', 'one of the most common passwords'],
    ['qwertyuiop', 'one of the most common passwords'],
    ['iloveyou2', 'one of the most common passwords'],
    ['aaaaaaaaaaaa', 'one character repeated'],
    ['££££££££', 'one character repeated'],
  ])('refuses %j with 400 WEAK_PASSWORD saying why, and creates no account', async (password, reason) => {
    const email = uniqueEmail()
    const response = await register({ email, password })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'WEAK_PASSWORD' })
    expect(response.json().message).toContain(reason)
    expect(response.headers['set-cookie']).toBeUndefined()
    expect((await logIn(email, password)).statusCode).toBe(401)
  })

  it('refuses the e-mail, its local part, and the local part with only digits or symbols added', async () => {
    const email = `ada.lovelace.${Date.now().toString(36)}@example.com`
    const localPart = email.split('@')[0] as string
    for (const password of [email, email.toUpperCase(), localPart, `${localPart}2024!`, `#${localPart}1`]) {
      const response = await register({ email, password })
      expect(response.statusCode, password).toBe(400)
      expect(response.json().message).toContain('your e-mail address or part of it')
    }
    // Words of one's own beside the name are fine.
    expect((await register({ email, password: `${localPart} likes red bricks` })).statusCode).toBe(201)
  })

  it('accepts a passphrase of 1,024 characters and signs in with it; 1,025 is refused', async () => {
    const email = uniqueEmail()
    const passphrase = 'brick and mortar, tile and stud; '.repeat(32).slice(0, 1024)
    expect((await register({ email, password: passphrase })).statusCode).toBe(201)
    expect((await logIn(email, passphrase)).statusCode).toBe(200)
    const tooLong = await register({ email: uniqueEmail(), password: `${passphrase}x` })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toBe('Password must be at most 1024 characters')
    const tooLongSignIn = await logIn(email, `${passphrase}x`)
    expect(tooLongSignIn.statusCode).toBe(400)
    expect(tooLongSignIn.json().message).toBe('Password must be at most 1024 characters')
  })
})

describe('wrong passwords from elsewhere do not lock the owner out', () => {
  it('limits sign-in attempts per e-mail and source together', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const attacker = '203.0.113.7'
    for (let i = 0; i < 10; i++)
      expect((await logIn(email, `guess number ${i}`, attacker)).statusCode).toBe(401)
    const blocked = await logIn(email, 'the right password', attacker)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' })
    // The owner, elsewhere, is not affected.
    expect((await logIn(email, 'the right password', '198.51.100.20')).statusCode).toBe(200)
  })

  it("lets a browser that signed in before through, even from the guesser's own address", async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const office = '203.0.113.80'
    const earlier = await logIn(email, 'the right password', office)
    const deviceCookie = [earlier.headers['set-cookie'] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith('bf_device='))
    expect(deviceCookie).toMatch(/Path=\/api\/auth\/login; HttpOnly; SameSite=Strict/)
    const device = deviceCookie?.split(';')[0] as string
    for (let i = 0; i < 10; i++) expect((await logIn(email, `guess ${i}`, office)).statusCode).toBe(401)
    expect((await logIn(email, 'the right password', office)).statusCode).toBe(429)
    const withDevice = (cookie: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'the right password' },
        remoteAddress: office,
        headers: { cookie },
      })
    // A made-up device cookie counts as the address does.
    expect((await withDevice('bf_device=made-up')).statusCode).toBe(429)
    expect((await withDevice(device)).statusCode).toBe(200)
  })
})

describe('sign-up says an e-mail is taken only under the per-source limit', () => {
  it('answers 409 ten times per source in 15 minutes, then 429 for any e-mail, taken or not', async () => {
    const taken = await Promise.all(
      Array.from({ length: 11 }, async () => {
        const email = uniqueEmail('taken')
        await signUp(context.app, { email })
        return email
      }),
    )
    const prober = '203.0.113.50'
    for (const email of taken.slice(0, 10)) {
      const response = await register({ email, password: 'a fresh passphrase' }, prober)
      expect(response.statusCode).toBe(409)
    }
    const stillTaken = await register({ email: taken[10], password: 'a fresh passphrase' }, prober)
    const free = await register({ email: uniqueEmail('free'), password: 'a fresh passphrase' }, prober)
    // The same answer for a taken and a free address: the 429 tells nothing more.
    expect([stillTaken.statusCode, free.statusCode]).toEqual([429, 429])
    expect(free.json().message).toBe(stillTaken.json().message)
    // Someone else signs up as usual.
    expect(
      (await register({ email: uniqueEmail('free'), password: 'a fresh passphrase' }, '198.51.100.60'))
        .statusCode,
    ).toBe(201)
  })
})

describe('GET /api/logout from another site', () => {
  it.each([
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['no Sec-Fetch-Site', {}],
    ['a picture on our own page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' }],
  ])('%s: goes home but keeps the session', async (_case, headers) => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await context.app.inject({
      url: '/api/logout',
      headers: { cookie, referer: 'https://evil.example/', ...headers },
    })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
    expect(response.headers['set-cookie']).toBeUndefined()
    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200)
  })

  it('signs out when typed into the address bar (Sec-Fetch-Site: none)', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await context.app.inject({
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'none' },
    })
    expect(response.statusCode).toBe(302)
    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401)
  })

  it('refuses the POST sign-out from another site (403), as before', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
    expect((await context.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200)
  })
})

describe('password hashing is bounded', () => {
  it('answers a flood of sign-ins with 503 SERVER_BUSY and Retry-After, never 500, and recovers', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => logIn(email, `flood ${i}`, `192.0.2.${i + 1}`)),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true)
    const busy = answers.filter((answer) => answer.statusCode === 503)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]?.json()).toMatchObject({ code: 'SERVER_BUSY' })
    expect(busy[0]?.json().message).toContain('try again in a few seconds')
    expect(busy[0]?.headers['retry-after']).toBe('2')
    expect((await logIn(email, 'the right password')).statusCode).toBe(200)
  })
})

describe('the session cookie of a sign-in', () => {
  it('is set for 30 days', async () => {
    const email = uniqueEmail()
    await signUp(context.app, { email, password: 'the right password' })
    const response = await logIn(email, 'the right password')
    expect(sessionCookie(response.headers['set-cookie'])).toMatch(/^bf_session=/)
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=2592000/)
  })
})
