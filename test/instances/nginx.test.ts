import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type IncomingHttpHeaders, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayUtc } from '#shared/dates.ts'
// biome-ignore lint/style/noRestrictedImports: scripts/ has no alias; the test looks for nginx as the script does
import { findNginx } from '../../scripts/nginx-config.ts'
import { FIRST_ACCOUNT } from '../support/first-account.ts'
import { sessionCookie, uniqueEmail } from '../support/session.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'
import { fakeWebDist } from '../support/web-dist.ts'

/**
 * Issue 15 item 1: deploy/nginx/brickfolio.conf in front of two instances, as `npm run serve:nginx` runs it
 * (scripts/serve-behind-nginx.ts) on this test's own PostgreSQL database. Requests reach both instances; the
 * app sees each client's own address (TRUST_PROXY=1), which a forged X-Forwarded-For does not change;
 * sign-up and sign-in work through the proxy; the notification stream is passed on as it is written; built
 * chunks are compressed and /metrics is not public; with one instance stopped the other answers everything;
 * SIGTERM stops it all. Clients take addresses of their own on loopback (127.0.0.x) to be told apart.
 */
const nginx = findNginx()
if (!nginx)
  console.warn('test/instances/nginx.test.ts is skipped: nginx is not installed (apt-get install nginx)')

/** Sign-in and sign-up requests per client address per minute, in each instance. */
const PER_IP = 3
const root = path.resolve(import.meta.dirname, '../..')

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
  /** The instance that answered (the script's nginx names it in X-Served-By). */
  servedBy: string | undefined
}

let database: TestDatabase
let script: ChildProcess
let output = ''
let port: number
let origin: string
let instances: { address: string; pid: number }[] = []
let configDir: string
let dataDir: string
const webDist = nginx ? fakeWebDist() : ''

function call(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            servedBy: lastUpstream(response.headers['x-served-by']),
          }),
        )
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

/** nginx lists every instance it tried ("a, b" after a retry): the last one answered. */
const lastUpstream = (header: string | string[] | undefined) =>
  header === undefined ? undefined : String(header).split(',').pop()?.trim()

const signIn = (from: string, headers: Record<string, string> = {}) =>
  call('/api/auth/login', {
    method: 'POST',
    from,
    headers,
    body: { email: 'nobody@example.com', password: 'not the password at all' },
  })

async function signedIn(account: { email: string; password: string }, from: string): Promise<string> {
  const answer = await call('/api/auth/login', { method: 'POST', from, body: account })
  expect(answer.status, answer.text).toBe(200)
  return sessionCookie(answer.headers['set-cookie'])
}

beforeAll(async () => {
  if (!nginx) return
  database = await createTestDatabase()
  // A built chunk large enough to be worth compressing, with no .gz beside it: nginx compresses it.
  writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), `console.log(${'"brick", '.repeat(600)})\n`)
  dataDir = mkdtempSync(path.join(tmpdir(), 'brickfolio-nginx-data-'))
  script = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/serve-behind-nginx.ts', '--port', '0', '--app-port', '0', '--no-build'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PUBLIC_URL: '',
        WEB_DIST_DIR: webDist,
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
        IMPORT_DIR: path.join(dataDir, 'imports'),
        AUTH_RATE_LIMIT_PER_MINUTE: String(PER_IP),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        FX_API_URL: 'http://127.0.0.1:9/unreachable',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  script.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  script.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  while (!output.includes('Ctrl-C stops everything.')) {
    if (script.exitCode !== null) throw new Error(`serve:nginx exited with ${script.exitCode}:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  port = Number(/serving http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1])
  origin = `http://127.0.0.1:${port}`
  instances = [...output.matchAll(/instance \d+ {2}http:\/\/(127\.0\.0\.1:\d+) {2}\(pid (\d+)\)/g)].map(
    ([, address, pid]) => ({ address: address as string, pid: Number(pid) }),
  )
  configDir = path.dirname(/nginx's configuration: (\S+)/.exec(output)?.[1] ?? '')
  expect(instances, output).toHaveLength(2)
}, 120_000)

afterAll(async () => {
  if (script && script.exitCode === null && script.signalCode === null) {
    const exited = new Promise((resolve) => script.once('exit', resolve))
    script.kill('SIGTERM')
    await exited
  }
  await database?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

describe.skipIf(!nginx)('nginx in front of two instances (deploy/nginx/brickfolio.conf)', () => {
  it('shares the requests between both instances', async () => {
    const servedBy = new Set<string | undefined>()
    for (let index = 0; index < 6; index++) {
      const answer = await call('/healthz')
      expect(answer.status).toBe(200)
      servedBy.add(answer.servedBy)
    }
    expect([...servedBy].sort()).toEqual(instances.map((instance) => instance.address).sort())
  })

  it("gives the app each client's own address (TRUST_PROXY=1), which X-Forwarded-For cannot change", async () => {
    // One client has one sign-in allowance, whichever instance answers (counted in PostgreSQL, ADR 006)...
    const limitedIn = new Set<string | undefined>()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4 * PER_IP && limitedIn.size < 2; attempt++) {
      const answer = await signIn('127.0.0.2')
      statuses.push(answer.status)
      if (answer.status === 429) limitedIn.add(answer.servedBy)
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array.from({ length: PER_IP }, () => 401))
    expect(statuses.slice(PER_IP).every((status) => status === 429)).toBe(true)
    expect(limitedIn.size).toBe(2)
    // ...and naming another address in X-Forwarded-For does not buy it a fresh one: nginx appends the real one.
    for (let attempt = 0; attempt < 2; attempt++) {
      const forged = await signIn('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })
      expect(forged.status).toBe(429)
    }
    // Another client, through the same nginx, has an allowance of its own.
    const other = await Promise.all([signIn('127.0.0.3'), signIn('127.0.0.3')])
    expect(other.map((answer) => answer.status)).toEqual([401, 401])
  })

  it('signs up and in through the proxy: the session cookie works in both instances', async () => {
    const email = uniqueEmail('proxied')
    const password = 'correct horse battery'
    const signUp = await call('/api/auth/register', {
      method: 'POST',
      from: '127.0.0.4',
      body: { email, password },
    })
    expect(signUp.status, signUp.text).toBe(201)
    const setCookie = String(signUp.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/)
    // Plain HTTP to nginx: X-Forwarded-Proto says so, and the cookie is not marked Secure.
    expect(setCookie).not.toMatch(/Secure/)
    const cookie = sessionCookie(signUp.headers['set-cookie'])

    const servedBy = new Set<string | undefined>()
    for (let index = 0; index < 4; index++) {
      const me = await call('/api/auth/user', { headers: { cookie } })
      expect(me.status, me.text).toBe(200)
      expect(JSON.parse(me.text).email).toBe(email)
      servedBy.add(me.servedBy)
    }
    expect(servedBy.size).toBe(2)

    // Same-origin check: the proxy's address (X-Forwarded-Host) is ours, another site's is not.
    const foreign = await call('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.example' },
      body: {},
    })
    expect(foreign.status).toBe(403)
    expect(JSON.parse(foreign.text).code).toBe('CROSS_ORIGIN')
    // A page on another name of this server (not PUBLIC_URL) is same-origin too: X-Forwarded-Host keeps the port.
    const otherName = `localhost:${port}`
    const renamed = await call('/api/auth/logout', {
      method: 'POST',
      headers: { host: otherName, origin: `http://${otherName}` },
      body: {},
    })
    expect(renamed.status, renamed.text).toBe(204)
    const logout = await call('/api/auth/logout', { method: 'POST', headers: { cookie }, body: {} })
    expect(logout.status, logout.text).toBe(204)
    expect((await call('/api/auth/user', { headers: { cookie } })).status).toBe(401)
    await signedIn({ email, password }, '127.0.0.4')
  })

  it('passes the notification stream on as it is written, and an alert fired in either instance reaches it', async () => {
    const member = await signedIn(await registerMember('127.0.0.5'), '127.0.0.5')
    const admin = await signedIn(FIRST_ACCOUNT, '127.0.0.6')
    const stream = openStream(member)
    try {
      // The first bytes arrive at once, uncompressed: nginx neither buffers nor gzips the stream.
      const head = await stream.headers
      expect(head.status).toBe(200)
      expect(head.headers['content-type']).toMatch(/^text\/event-stream/)
      expect(head.headers['content-encoding']).toBeUndefined()
      await stream.waitFor(/^retry: \d+$/m, 2000)

      const item = await call('/api/items', {
        method: 'POST',
        headers: { cookie: admin },
        body: {
          type: 'set',
          number: 'NGX-1',
          name: 'Proxy Pier',
          theme: 'City',
          year: 2021,
          currency: 'GBP',
        },
      })
      expect(item.status, item.text).toBe(201)
      const itemId = JSON.parse(item.text).id as number
      const conditions = JSON.parse((await call('/api/conditions?category=set')).text) as {
        id: number
        label: string
      }[]
      const conditionId = conditions.find((condition) => condition.label === 'New/Sealed')?.id
      const alert = await call('/api/alerts', {
        method: 'POST',
        headers: { cookie: member },
        body: { itemId, conditionId, currency: 'GBP', direction: 'below', thresholdValue: '30' },
      })
      expect(alert.status, alert.text).toBe(201)
      const sale = await call(`/api/items/${itemId}/sales`, {
        method: 'POST',
        headers: { cookie: admin },
        body: { price: '20.00', currency: 'GBP', conditionId, saleDate: todayUtc(), source: 'eBay' },
      })
      expect(sale.status, sale.text).toBe(201)
      const event = await stream.waitFor(/^event: notification\ndata: (.+)$/m, 15_000)
      expect(JSON.parse(event[1] as string)).toMatchObject({ alertId: JSON.parse(alert.text).id })
    } finally {
      stream.close()
    }
  })

  it('compresses what the app sends plain, refuses large bodies as JSON, and keeps /metrics private', async () => {
    const chunk = await call('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(chunk.status).toBe(200)
    expect(chunk.headers['content-encoding']).toBe('gzip')
    expect(chunk.headers.vary).toMatch(/Accept-Encoding/i)

    const large = await call('/api/auth/login', { method: 'POST', body: { padding: 'x'.repeat(3_000_000) } })
    expect(large.status).toBe(413)
    expect(JSON.parse(large.text).code).toBe('BODY_TOO_LARGE')

    for (const pathname of ['/metrics', '/%6Detrics', '//metrics']) {
      const metrics = await call(pathname)
      expect(metrics.status, pathname).toBe(404)
      expect(metrics.servedBy, pathname).toBeFalsy()
    }
  })

  it('answers everything through the other instance when one stops (passive health check)', async () => {
    const [kept, stopped] = instances as [(typeof instances)[0], (typeof instances)[0]]
    process.kill(stopped.pid, 'SIGTERM')
    await expect.poll(() => isRunning(stopped.pid), { timeout: 15_000 }).toBe(false)
    for (let index = 0; index < 6; index++) {
      const answer = await call('/healthz')
      expect(answer.status).toBe(200)
      expect(answer.servedBy).toBe(kept.address)
    }
    expect(output).toMatch(/app 2 stopped .*; 1 of 2 still serving/)
  })

  it('stops nginx and the instances on SIGTERM, and removes its files', async () => {
    const exited = new Promise<number | null>((resolve) => script.once('exit', resolve))
    script.kill('SIGTERM')
    expect(await exited).toBe(0)
    for (const { pid } of instances) expect(isRunning(pid)).toBe(false)
    await expect(call('/healthz')).rejects.toThrow(/ECONNREFUSED/)
    expect(existsSync(configDir)).toBe(false)
  })
})

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function registerMember(from: string) {
  const account = { email: uniqueEmail('streamed'), password: 'correct horse battery' }
  const answer = await call('/api/auth/register', { method: 'POST', from, body: account })
  expect(answer.status, answer.text).toBe(201)
  return account
}

/** GET /api/me/events through nginx, read as it arrives. */
function openStream(cookie: string) {
  let text = ''
  const listeners = new Set<() => void>()
  let close = () => {}
  const headers = new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/me/events',
        agent: false,
        headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip' },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers })
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8')
          for (const listener of listeners) listener()
        })
      },
    )
    sent.on('error', reject)
    sent.end()
    close = () => sent.destroy()
  })
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(text)
        if (!found) return
        listeners.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        listeners.delete(check)
        reject(
          new Error(
            `nothing matching ${pattern} within ${ms} ms; the stream so far: ${JSON.stringify(text)}`,
          ),
        )
      }, ms)
      listeners.add(check)
      check()
    })
  return { headers, waitFor, close: () => close() }
}
