import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { allowEmail, revokeEmail, updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import { rawRequest } from '../support/raw-http.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ betaPublic: false })
const get = (url: string, cookie?: string) => context.app.inject({ url, headers: cookie ? { cookie } : {} })

describe('private beta (BETA_PUBLIC=false)', () => {
  it('refuses every API route but sign-in and rates to a user not on the access list', async () => {
    const email = uniqueEmail()
    const { cookie } = await signUp(context.app, { email })
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200)
    expect((await get('/api/auth/beta-access', cookie)).json()).toEqual({
      hasAccess: false,
      isPublic: false,
      userEmail: email,
    })
    expect((await get('/api/fx/rates', cookie)).statusCode).toBe(200)
    // The API reference shows no one's data.
    expect((await get('/api/openapi.json', cookie)).statusCode).toBe(200)
    expect((await get('/api/docs/', cookie)).statusCode).toBe(200)
    for (const url of [
      '/api/items',
      '/api/search/items?query=falcon',
      '/api/themes',
      '/api/me/stats',
      '/api/posts/feed',
    ]) {
      const response = await get(url, cookie)
      expect(response.statusCode, url).toBe(403)
      expect(response.json()).toMatchObject({
        code: 'BETA_ACCESS_REQUIRED',
        message: `Brickfolio is in private beta and ${email} is not on the access list yet.`,
      })
    }
    const write = await context.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie },
      payload: { firstName: 'Eve' },
    })
    expect(write.statusCode).toBe(403)
  })

  it('lets a user in once their e-mail is on the access list, and out again when revoked', async () => {
    const email = uniqueEmail()
    const { cookie } = await signUp(context.app, { email })
    expect(await allowEmail(context.database.db, email)).toBe(true)
    expect((await get('/api/auth/beta-access', cookie)).json()).toMatchObject({
      hasAccess: true,
      isPublic: false,
    })
    expect((await get('/api/me/stats', cookie)).statusCode).toBe(200)
    expect(await revokeEmail(context.database.db, email)).toBe(true)
    expect((await get('/api/me/stats', cookie)).statusCode).toBe(403)
  })

  it('always lets admins in', async () => {
    const email = uniqueEmail('admin')
    const { cookie } = await signUp(context.app, { email })
    expect(await updateUserByEmail(context.database.db, email, { role: 'admin' })).toBe(true)
    expect((await get('/api/auth/beta-access', cookie)).json().hasAccess).toBe(true)
  })

  it('keeps the catalogue readable for signed-out visitors (the landing page searches it)', async () => {
    expect((await get('/api/search/items?query=falcon')).statusCode).toBe(200)
    expect((await get('/api/me/stats')).statusCode).toBe(401)
  })
})

describe('private beta: the gate follows the route that runs, however the request spells it', () => {
  let port = 0
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' })
    port = (context.app.server.address() as AddressInfo).port
  })

  it('refuses the absolute form, odd casing, doubled and encoded slashes; none of them reads or writes', async () => {
    const email = uniqueEmail('outsider')
    const { cookie } = await signUp(context.app, { email })
    const targets = [
      'http://127.0.0.1/api/collections',
      `http://127.0.0.1:${port}/api/collections`,
      'HTTP://127.0.0.1/api/collections',
      'http://evil.example/api/collections',
      '/API/collections',
      '/api/Collections',
      '//api/collections',
      '/api//collections',
      '/api%2Fcollections',
      '/api/%63ollections',
      '/%61pi/collections',
      '/./api/collections',
      '/x/../api/collections',
      '/api/collections?x=/api/auth/',
      '/api/collections#/api/auth/user',
    ]
    for (const target of targets) {
      const response = await rawRequest(port, `GET ${target} HTTP/1.1`, { cookie })
      expect([403, 404, 400], target).toContain(response.status)
      expect(response.body, target).not.toContain('"entries"')
    }
    const itemBody = JSON.stringify({
      type: 'set',
      name: 'Smuggled set',
      number: `smuggle-${Date.now()}`,
      theme: 'Star Wars',
      year: 2020,
      pieces: 10,
      minifigures: 0,
      imageUrl: null,
    })
    for (const target of ['http://127.0.0.1/api/items', '//api/items', '/API/items', '/api%2Fitems']) {
      const response = await rawRequest(
        port,
        `POST ${target} HTTP/1.1`,
        { cookie, 'content-type': 'application/json', origin: 'http://127.0.0.1' },
        itemBody,
      )
      expect([403, 404, 400], target).toContain(response.status)
    }
    const search = await context.app.inject({ url: '/api/search/items?query=Smuggled' })
    expect(search.json().results).toEqual([])
  })

  it('still lets the absolute form reach the open routes and a member reach everything', async () => {
    const email = uniqueEmail('member')
    const { cookie } = await signUp(context.app, { email })
    const refused = await rawRequest(port, 'GET http://127.0.0.1/api/auth/beta-access HTTP/1.1', { cookie })
    expect(refused.status).toBe(200)
    expect(JSON.parse(refused.body)).toMatchObject({ hasAccess: false })
    await allowEmail(context.database.db, email)
    const allowed = await rawRequest(port, 'GET http://127.0.0.1/api/collections HTTP/1.1', { cookie })
    expect(allowed.status).toBe(200)
    expect(JSON.parse(allowed.body)).toHaveProperty('entries')
  })
})

// The CLI runs on its own embedded database whichever server the API tests use: run it once.
describe.runIf(inject('databaseDriver') === 'pglite')('npm run admin', () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    })

  it('explains its usage and refuses a bad e-mail without touching a database', () => {
    const none = run([], {})
    expect(none.status).toBe(2)
    expect(none.stderr).toContain('beta:allow <email>')
    const bad = run(['beta:allow', 'not-an-email'], {})
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('"not-an-email" is not an e-mail address')
  })

  it('allows, lists and revokes an e-mail, and says when a user does not exist', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-admin-'))
    try {
      const env = { PGLITE_DIR: dir }
      expect(run(['beta:allow', 'Ada@Example.com'], env).stdout).toContain(
        'ada@example.com can now use Brickfolio',
      )
      expect(run(['beta:list'], env).stdout).toContain('ada@example.com')
      expect(run(['beta:revoke', 'ada@example.com'], env).status).toBe(0)
      const missing = run(['user:make-admin', 'ghost@example.com'], env)
      expect(missing.status).toBe(1)
      expect(missing.stderr).toContain('No user has the e-mail ghost@example.com')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
