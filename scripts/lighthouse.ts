/**
 * `npm run lighthouse [-- --runs 3] [--only <page>] [--reports <dir>]`: DESIGN §9's web budget, measured.
 *
 * Runs Lighthouse 12 with its default mobile settings (a mid-range phone, simulated slow 4G and a 4× slower
 * CPU) against the production build in dist/web, served by the real server on a free loopback port with a
 * throwaway embedded database (demo catalogue seeded as `npm start` does). Pages: the landing (signed out),
 * home (signed in, with a small collection), the sets list and an item page. Each page is measured `--runs`
 * times, each run in a fresh Chromium, and the median of each number is printed. Exits 1 when a page's
 * performance or accessibility is under 95 or its CLS is 0.1 or more. Builds nothing: run `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const root = fileURLToPath(new URL('..', import.meta.url))
const webDist = path.join(root, 'dist/web')
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium'
const DEMO_SET_SLUG = '75192-1-millennium-falcon'
const PASSWORD = 'lighthouse-brick-by-brick-42'
const BUDGET = { performance: 95, accessibility: 95, cls: 0.1 }

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    reports: { type: 'string' },
  },
})
const runs = Number(args.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number, 1 or more')

interface Page {
  name: string
  path: string
  cookie?: string
}

interface Measure {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** The production server on its own database, the way `npm start` runs it, minus the build. */
function startServer(port: number, dataDir: string): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PGLITE_DIR: path.join(dataDir, 'db'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      IMPORT_DIR: path.join(dataDir, 'imports'),
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'true',
      BETA_PUBLIC: 'true',
      LOG_LEVEL: 'error',
      // No live exchange rates and no market feeds: nothing leaves the machine while it is measured.
      FX_API_URL: 'http://127.0.0.1:9/no-live-rates',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function waitForHealth(base: string, server: { child: ChildProcess; output: () => string }) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The server did not answer /healthz within 180 s:\n${server.output()}`)
}

async function api(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return response
}

/**
 * Signs up through the real API and returns the session cookie. The first account of an install becomes
 * its admin, so a throwaway one is made first and the measured user is a plain member, as most people are.
 */
async function signUp(base: string, email: string, firstName: string): Promise<string> {
  const response = await api(base, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    firstName,
    lastName: 'Lighthouse',
  })
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('bf_session='))
  if (!session) throw new Error('Signing up set no bf_session cookie')
  return session.split(';')[0] as string
}

async function prepareMember(base: string): Promise<string> {
  await signUp(base, 'first-admin@lighthouse.test', 'Ada')
  const cookie = await signUp(base, 'member@lighthouse.test', 'Casey')
  await api(
    base,
    'PUT',
    '/api/me/profile',
    { profileType: 'collector', onboardingCompleted: true, currencyPreference: 'USD' },
    cookie,
  )
  // A few entries, so home shows the collection dashboard rather than the empty state.
  const results = (await (
    await api(base, 'GET', '/api/search/items?query=star', undefined, cookie)
  ).json()) as {
    results: Array<{ id: number }>
  }
  for (const item of results.results.slice(0, 3)) {
    await api(
      base,
      'POST',
      '/api/collections',
      { itemId: item.id, condition: 'New/Sealed', quantity: 1, pricePaid: '100' },
      cookie,
    )
  }
  return cookie
}

async function measure(url: string, page: Page, reportFile: string | undefined): Promise<Measure> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    logLevel: 'silent',
  })
  try {
    // No config: Lighthouse's defaults, which are its mobile settings.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.code}`)
    if (reportFile) writeFileSync(reportFile, result.report as string)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    }
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is
 * tried again, twice at most, rather than ending the whole measurement.
 */
async function measureWithRetry(url: string, page: Page, reportFile: string | undefined): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, page, reportFile)
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error
      console.error(`${page.name}: ${error.message}; trying again`)
    }
  }
}

class LighthouseRunError extends Error {}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function medianOf(measures: Measure[]): Measure {
  const of = (key: keyof Measure) => median(measures.map((each) => each[key]))
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
  }
}

function printTable(rows: Array<{ page: Page; result: Measure; all: Measure[] }>): void {
  const lines = [
    '| page | performance | accessibility | LCP | TBT | CLS | performance per run |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ page, result, all }) =>
        `| ${page.name} (${page.path}) | ${result.performance} | ${result.accessibility} | ` +
        `${(result.lcpMs / 1000).toFixed(1)} s | ${Math.round(result.tbtMs)} ms | ${result.cls.toFixed(3)} | ` +
        `${all.map((each) => each.performance).join(' / ')} |`,
    ),
  ]
  console.log(lines.join('\n'))
}

async function main(): Promise<number> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error(
      'The production build is missing (dist/web/index.html). Run `npm run build` first; this command builds nothing.',
    )
    return 2
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROME_PATH.`)
    return 2
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brickfolio-lighthouse-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = startServer(port, dataDir)
  try {
    console.error(`Starting the production server on ${base} (database in ${dataDir}) …`)
    await waitForHealth(base, server)
    await api(base, 'GET', `/api/items/slug/${DEMO_SET_SLUG}`)
    const cookie = await prepareMember(base)
    const pages: Page[] = [
      { name: 'landing', path: '/' },
      { name: 'home', path: '/', cookie },
      { name: 'sets', path: '/sets' },
      { name: 'item', path: `/item/${DEMO_SET_SLUG}` },
    ].filter((page) => !args.only || page.name === args.only)
    if (pages.length === 0) throw new Error(`--only: no page named ${args.only} (landing, home, sets, item)`)
    if (args.reports) mkdirSync(args.reports, { recursive: true })

    const rows: Array<{ page: Page; result: Measure; all: Measure[] }> = []
    for (const page of pages) {
      const all: Measure[] = []
      for (let run = 1; run <= runs; run++) {
        const reportFile = args.reports ? path.join(args.reports, `${page.name}-${run}.json`) : undefined
        const result = await measureWithRetry(`${base}${page.path}`, page, reportFile)
        console.error(
          `${page.name} run ${run}/${runs}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
            `LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`,
        )
        all.push(result)
      }
      rows.push({ page, result: medianOf(all), all })
    }

    console.log(`\nLighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, default mobile settings:\n`)
    // Lighthouse times the main thread's tasks as they run here (then slows them 4× for a phone): on a busy
    // machine TBT and LCP come out worse than they are.
    const load = loadavg()[0] ?? 0
    if (load > availableParallelism())
      console.log(`(The machine was busy: load ${load.toFixed(1)} on ${availableParallelism()} cores.)\n`)
    printTable(rows)
    const failing = rows.filter(
      ({ result }) =>
        result.performance < BUDGET.performance ||
        result.accessibility < BUDGET.accessibility ||
        !(result.cls < BUDGET.cls),
    )
    if (failing.length > 0) {
      console.log(
        `\nUnder budget (performance and accessibility ≥ ${BUDGET.performance}, CLS < ${BUDGET.cls}): ` +
          failing.map(({ page }) => page.name).join(', '),
      )
      return 1
    }
    console.log(`\nEvery page within budget.`)
    return 0
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => {
      if (server.child.exitCode !== null) resolve(undefined)
      else server.child.once('exit', resolve)
      setTimeout(resolve, 10_000).unref()
    })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm run lighthouse failed:', error)
    process.exit(1)
  },
)
