import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

describe('server start-up', () => {
  it('stops with a message naming a bad environment variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '', LOG_LEVEL: 'loud', METRICS_TOKEN: 'short' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid environment configuration')
    expect(result.stderr).toContain('PORT')
    expect(result.stderr).toContain('LOG_LEVEL')
    expect(result.stderr).toContain('METRICS_TOKEN: must be at least 16 visible characters')
    // Starting a TypeScript process takes seconds on a loaded 2-core machine: the child's own limit applies.
  }, 35_000)

  it('says in one sentence that the port is taken, before it opens (or creates) the database', async () => {
    const holder = await holdPort()
    const port = (holder.address() as { port: number }).port
    const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-main-'))
    try {
      // HOST is left at its default, localhost: the other server holds 127.0.0.1 only.
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: { ...process.env, ...quietEnv(dir), PORT: String(port), HOST: '', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(result.status).toBe(1)
      expect(result.stderr.trim()).toBe(`Port ${port} is already in use: stop the other server or set PORT.`)
      expect(existsSync(path.join(dir, 'db'))).toBe(false)
    } finally {
      holder.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 35_000)
})

const drivers = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const

describe.each(drivers)('server shutdown on %s', (driver) => {
  let databaseUrl = ''
  let dropDatabase = async () => {}
  let server: RunningServer | undefined

  beforeAll(async () => {
    if (driver !== 'postgres') return
    const adminUrl = process.env.TEST_DATABASE_URL as string
    const name = `brickfolio_main_${randomBytes(5).toString('hex')}`
    await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`))
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = () =>
      withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`))
  })
  afterEach(() => server?.kill())
  afterAll(async () => dropDatabase())

  it('on SIGTERM refuses new connections, lets requests in flight finish, ends live streams and exits 0', async () => {
    server = await startServer(databaseUrl)
    const { port } = server
    const email = `shutdown.${randomBytes(4).toString('hex')}@example.com`
    const password = 'correct horse battery'
    const signUp = await httpRequest(port, 'POST', '/api/auth/register', {
      email,
      password,
      firstName: 'Ada',
    })
    expect(signUp.status).toBe(201)
    const cookie = /bf_session=[^;]+/.exec(signUp.head)?.[0] ?? ''

    // A live notification stream, an idle keep-alive connection, and a sign-in whose body is half sent.
    const stream = openSocket(port)
    stream.socket.write(`GET /api/me/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`)
    await stream.received(/retry: 5000/)
    const idle = openSocket(port)
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    await idle.received(/"status":"ok"/)
    const body = JSON.stringify({ email, password })
    const inFlight = openSocket(port)
    inFlight.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await server.logged(/SIGTERM: shutting down/)
    // The stream and the idle connection are let go at once, and the port closes; the request in flight is
    // still waited for (its body is not all here yet).
    await stream.closed
    await idle.closed
    expect(await refusedWithin(port, 3000)).toBe(true)
    expect(server.child.exitCode).toBeNull()

    inFlight.socket.write(body.slice(10))
    await inFlight.closed
    expect(inFlight.text()).toMatch(/^HTTP\/1\.1 200 /)
    expect(inFlight.text()).toMatch(/\r\nconnection: close\r\n/i)
    const exit = await server.exited
    expect(exit.code).toBe(0)
    expect(exit.at - signalledAt).toBeLessThan(10_000)
    expect(server.stdout()).toContain('Stopped.')
  }, 90_000)

  it('exits at once on a second signal, while a request in flight still holds the shutdown', async () => {
    server = await startServer(databaseUrl)
    const inFlight = openSocket(server.port)
    inFlight.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    server.child.kill('SIGTERM')
    await server.logged(/SIGTERM: shutting down/)
    // Past the second in which a signal counts as the same one (npm or tsx passing the first on).
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(server.child.exitCode).toBeNull()

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    expect(exit.at - signalledAt).toBeLessThan(1000)
    expect(exit.code).toBe(1)
    expect(server.stdout()).toContain('SIGTERM again: exiting now')
  }, 90_000)
})

interface RunningServer {
  child: ChildProcess
  port: number
  stdout: () => string
  logged: (pattern: RegExp) => Promise<void>
  exited: Promise<{ code: number | null; at: number }>
  kill: () => void
}

/** Settings that keep a test server to itself: its own folders, no demo catalogue, no calls out. */
function quietEnv(dir: string): NodeJS.ProcessEnv {
  return {
    PGLITE_DIR: path.join(dir, 'db'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    IMPORT_DIR: path.join(dir, 'imports'),
    WEB_DIST_DIR: path.join(dir, 'no-web-app'),
    SEED_DEMO: 'false',
    FX_API_URL: 'http://127.0.0.1:9/rates',
    LOG_FORMAT: 'json',
    METRICS_TOKEN: '',
  }
}

/** Starts `src/server/main.ts` as `npm start` does (without the web build) on a free port; resolves when it serves. */
async function startServer(databaseUrl: string): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-main-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...quietEnv(dir),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiting = new Set<() => void>()
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
    for (const check of waiting) check()
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true })
      for (const check of waiting) check()
      resolve({ code, at: Date.now() })
    }),
  )
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(stdout)) {
          waiting.delete(check)
          resolve()
        } else if (child.exitCode !== null) {
          waiting.delete(check)
          reject(new Error(`The server exited before logging ${pattern}:\n${stdout}\n${stderr}`))
        }
      }
      waiting.add(check)
      check()
    })
  await logged(/Brickfolio is serving/)
  return {
    child,
    port,
    stdout: () => stdout,
    logged,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

async function httpRequest(port: number, method: string, url: string, json: unknown) {
  const body = JSON.stringify(json)
  const socket = openSocket(port)
  socket.socket.write(
    `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  await socket.closed
  const [head = ''] = socket.text().split('\r\n\r\n')
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head }
}

/** A raw connection: what it received, waiting for a pattern in it, and its close. */
function openSocket(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  let received = ''
  const listeners = new Set<() => void>()
  socket.on('data', (chunk) => {
    received += chunk
    for (const listener of listeners) listener()
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return {
    socket,
    text: () => received,
    closed,
    received: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!pattern.test(received)) return
          listeners.delete(check)
          resolve()
        }
        listeners.add(check)
        check()
      }),
  }
}

/** Whether new connections are refused within `ms` (the port closes a moment after the idle connections). */
async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!(await connectionRefused(port))) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

function holdPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

async function freePort(): Promise<number> {
  const server = await holdPort()
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function withAdmin(url: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await work(admin)
  } finally {
    await admin.end()
  }
}
