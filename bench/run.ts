/**
 * `npm run bench [-- --data <rebrickable dir>] [--duration 10] [--connections 50] [--pglite] [--only <name part>]
 *   [--reuse] [--cold] [--profile <dir>]`
 * `--cold`: the rows no cache can flatter (thousands of distinct requests, the read cache off) instead.
 * `--profile <dir>`: the server writes its CPU profile there when it stops (open it in Chrome's DevTools).
 * `npm run bench -- --imports [--data <rebrickable dir>] [--brickset <file>]`: import throughput instead.
 *
 * Loads the real Rebrickable catalogue into a fresh PostgreSQL database (and optionally PGlite),
 * starts the real server on 127.0.0.1, drives each scenario with wrk and prints requests/s,
 * p50, p99 and the ratio to a bare Fastify hello-world measured in the same run (DESIGN §9).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase, queryRows } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedReferenceData } from '#server/db/seed.ts'
import { hashPassword } from '#server/modules/auth/passwords.ts'
import { importRebrickable } from '#server/modules/imports/rebrickable.import.ts'
import { KEPT_SALES_THAT_FIT } from '#server/modules/market/market.kept-sales.ts'
import { rebuildAllPrices } from '#server/modules/market/market.rebuild.ts'
import { benchAlertEvaluation } from './alerts.ts'
import type { CpuPerRequest } from './cpu.ts'
import { type Freshness, sampleFreshness } from './freshness.ts'
import { generatePosts } from './generate-posts.ts'
import { generateSales } from './generate-sales.ts'
import { benchImports } from './imports.ts'
import { drive, type LoadResult } from './load.ts'
import { type BenchSession, type CatalogueSample, scenarios } from './scenarios.ts'
import { benchUploadProcessing, type UploadBenchRow, uploadProcessingTable } from './uploads.ts'
import { standInForAutovacuum } from './vacuum.ts'

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data/rebrickable' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
    /** Import throughput instead of the endpoints (bench/imports.ts). */
    imports: { type: 'boolean', default: false },
    brickset: {
      type: 'string',
      default: '../shared/data/brickset-retail-prices/brickset_sets_1970_2025.csv.gz',
    },
    sales: { type: 'string', default: '1000000' },
    /** Measure the PostgreSQL database an earlier run loaded, as it is now (its sales keep growing). */
    reuse: { type: 'boolean', default: false },
    /** The cold rows (DESIGN §9) instead of the usual ones: distinct requests, the read cache off. */
    cold: { type: 'boolean', default: false },
    /** Only the rows whose name contains this (e.g. --only sale). */
    only: { type: 'string' },
    /** Write the server's CPU profile (V8's .cpuprofile, one per server started) into this folder. */
    profile: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brickfolio_bench',
    },
  },
})
const durationSeconds = Number(args.duration)
const WARM_UP_SECONDS = 2
const connections = Number(args.connections)
const root = path.resolve(import.meta.dirname, '..')
const log = (message: string) => console.error(`[bench] ${message}`)

interface Row {
  database: string
  scenario: string
  cache: string
  result: LoadResult
  budget?: number
  /** Commit → snapshot, sampled during a write row (PostgreSQL). */
  freshness?: Freshness
}

type AlertBench = Awaited<ReturnType<typeof benchAlertEvaluation>> & { database: string }
const alertRows: AlertBench[] = []
const uploadRows: UploadBenchRow[] = []

async function main() {
  if (args.imports) {
    await benchImports({ root, data: args.data, brickset: args.brickset, databaseUrl: args['database-url'] })
    return
  }
  // Upload processing needs no database or server: `--only upload` measures it alone, in seconds.
  uploadRows.push(...(await benchUploadProcessing(args.only, log)))
  const only = args.only
  if (only && !selectedScenarios().some((scenario) => scenario.name.includes(only))) {
    console.log(uploadProcessingTable(uploadRows).join('\n'))
    return
  }
  const rows: Row[] = []
  const helloPort = 3901
  const hello = await startProcess(
    ['bench/hello-server.ts'],
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/`,
  )
  log('measuring the bare Fastify hello-world')
  const helloResult = await drive({
    baseUrl: `http://127.0.0.1:${helloPort}`,
    requests: [{ method: 'GET', path: '/' }],
    connections,
    durationSeconds,
    serverPid: hello.pid,
  })
  await stopProcess(hello)

  const postgresUrl = args.reuse ? args['database-url'] : await preparePostgres(args['database-url'])
  const sample = await loadOnPostgres(postgresUrl)
  for (const cacheSeconds of cacheSettings()) {
    rows.push(
      ...(await measureServer(
        'PostgreSQL',
        { DATABASE_URL: postgresUrl },
        cacheSeconds,
        sample,
        postgresUrl,
      )),
    )
  }

  if (args.pglite) {
    const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-bench-pglite-'))
    try {
      const handle = await openDatabase({ driver: 'pglite', dataDir: dir })
      // PGlite runs in one process; a fifth of the sales keeps its load time reasonable.
      await loadCatalogue(handle, Math.round(Number(args.sales) / 5))
      await loadCommunity(handle)
      alertRows.push({
        database: 'PGlite',
        ...(await benchAlertEvaluation(handle, sample.popularItemIds[0] as number)),
      })
      await handle.close()
      for (const cacheSeconds of cacheSettings()) {
        rows.push(...(await measureServer('PGlite', { PGLITE_DIR: dir }, cacheSeconds, sample)))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  printTable(helloResult, rows)
}

/** The usual rows, or with `--cold` the cold ones. */
const selectedScenarios = () => scenarios.filter((scenario) => Boolean(scenario.cold) === args.cold)

/** Each row runs with the read cache on (30 s) and off; a cold row only off, so nothing is ever served from memory. */
const cacheSettings = () => (args.cold ? [0] : [30, 0])

async function preparePostgres(url: string): Promise<string> {
  const target = new URL(url)
  const name = target.pathname.replace(/^\//, '')
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error(`Use a simple database name for the benchmark, not "${name}"`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: maintenance.toString() })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return url
}

async function loadOnPostgres(url: string): Promise<CatalogueSample> {
  const handle = await openDatabase({ driver: 'postgres', url })
  try {
    if (!args.reuse) await loadCatalogue(handle, Number(args.sales))
    await loadCommunity(handle)
    await createBenchUsers(handle)
    const sample = await sampleCatalogue(handle)
    if (args.reuse) await warnOfOutgrownKeptSales(handle, sample)
    await writeOutTheLoad(handle)
    log('evaluating 10,000 alerts of one item')
    alertRows.push({
      database: 'PostgreSQL',
      ...(await benchAlertEvaluation(handle, sample.popularItemIds[0] as number)),
    })
    return sample
  } finally {
    await handle.close()
  }
}

/**
 * Each reused run adds its sales to the same items. Once their 90 days hold more sales than the recompute worker
 * keeps, every pass reads some pairs in full, and the sale rows measure that rather than the code
 * (docs/benchmark-history.md, 2026-12-03).
 */
async function warnOfOutgrownKeptSales(handle: DatabaseHandle, sample: CatalogueSample) {
  const [row] = await queryRows<{ sales: number }>(
    handle.db,
    sql`select count(*)::int as sales from sales where status = 'verified' and sale_date >= current_date - 89
      and item_id = any(${sql.param([...sample.popularItemIds, ...sample.randomItemIds])}::int[])`,
  )
  const sales = row?.sales ?? 0
  if (sales > KEPT_SALES_THAT_FIT)
    log(
      `  the sale rows' items hold ${sales.toLocaleString('en')} sales in their 90 days, more than the recompute ` +
        `worker keeps (about ${KEPT_SALES_THAT_FIT.toLocaleString('en')}): its passes read some of them in full, so the sale rows ` +
        'measure slower than on a fresh database',
    )
}

/**
 * A checkpoint before anything is timed: otherwise PostgreSQL writes the load's gigabytes out while the first rows
 * run, and a commit waits behind them (alert evaluation measured 154 ms right after a fresh load, 30–47 ms after).
 */
async function writeOutTheLoad(handle: DatabaseHandle) {
  await handle.db.execute(sql`checkpoint`).catch((error: Error) => {
    log(`  no checkpoint before the rows (${error.message}): the first rows may wait on the load's writes`)
  })
}

async function loadCatalogue(handle: DatabaseHandle, salesCount: number) {
  await migrateDatabase(handle)
  await seedReferenceData(handle.db)
  const started = performance.now()
  const { summary } = await importRebrickable({ db: handle.db, dir: path.resolve(root, args.data) })
  log(`${handle.driver}: imported ${JSON.stringify(summary)} in ${seconds(started)} s`)
  const salesStarted = performance.now()
  await generateSales(handle.db, { count: salesCount, today: new Date().toISOString().slice(0, 10) })
  log(
    `${handle.driver}: generated ${salesCount.toLocaleString('en')} verified sales in ${seconds(salesStarted)} s`,
  )
  const rebuildStarted = performance.now()
  const rebuilt = await rebuildAllPrices({
    db: handle.db,
    batchSize: 1000,
    onProgress: (done, total) => {
      if (done % 10_000 < 1000 || done === total)
        log(`  prices rebuilt for ${done.toLocaleString('en')} of ${total.toLocaleString('en')} items`)
    },
  })
  log(`${handle.driver}: snapshots:rebuild ${JSON.stringify(rebuilt)} in ${seconds(rebuildStarted)} s`)
  await createBenchUsers(handle)
  // What autovacuum does in a database that has run for a while: without it the planner knows nothing of the
  // 200,000 entries the collectors were just given, and the visibility map sends index-only scans to the heap.
  await handle.db.execute(
    sql`vacuum analyze sales, price_snapshots, price_history, price_condition_stats, collections, collection_totals,
      collection_user_totals, users`,
  )
}

/** The community feed's posts and likes (DESIGN §9: 100,000 posts), also into a reused database. */
async function loadCommunity(handle: DatabaseHandle) {
  await migrateDatabase(handle)
  const started = performance.now()
  if (await generatePosts(handle.db, { count: POSTS })) {
    log(
      `${handle.driver}: generated ${POSTS.toLocaleString('en')} posts and their likes in ${seconds(started)} s`,
    )
  }
}

const POSTS = 100_000
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)
const BENCH_USER = { email: 'bench@brickfolio.test', password: 'bench password 1' }

const COLLECTORS = 200
const ENTRIES_PER_COLLECTOR = 1000
const collectorEmail = (index: number) => `collector${index}@brickfolio.test`

/**
 * A trusted member for the write scenarios and collectors with 1,000-entry collections, made before the
 * server starts (PGlite has one writer). Those already there (`--reuse`) are kept as they are.
 */
async function createBenchUsers(handle: DatabaseHandle) {
  const passwordHash = await hashPassword(BENCH_USER.password)
  await handle.db.execute(
    sql`insert into users (email, password_hash, is_trusted, onboarding_completed, profile_type)
      values (${BENCH_USER.email}, ${passwordHash}, true, true, 'investor')
      on conflict (email) do nothing`,
  )
  for (let index = 0; index < COLLECTORS; index++) {
    const [user] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email, password_hash, onboarding_completed, profile_type)
        values (${collectorEmail(index)}, ${passwordHash}, true, 'collector')
        on conflict (email) do nothing returning id`,
    )
    if (!user) continue
    await handle.db.execute(
      sql`insert into collections (user_id, item_id, condition_id, quantity, price_paid, original_price, currency,
          purchase_date)
        select ${user?.id}, i.id, c.id, 1 + (i.id % 3), round((10 + (i.id % 400))::numeric, 2),
          round((10 + (i.id % 400))::numeric, 2), 'GBP', current_date - (i.id % 700)
        from (select id, type from items order by md5(id::text || ${String(index)}) limit ${ENTRIES_PER_COLLECTOR}) i
        join lateral (select id from conditions where category = i.type order by md5(i.id::text || id::text) limit 1) c
          on true`,
    )
  }
}

async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`)
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('bf_session='))
  if (!cookie) throw new Error('bench sign-in set no session cookie')
  return cookie.split(';')[0] as string
}

async function signInAll(baseUrl: string): Promise<BenchSession> {
  const collectors: string[] = []
  for (let index = 0; index < COLLECTORS; index++) {
    collectors.push(await signIn(baseUrl, { email: collectorEmail(index), password: BENCH_USER.password }))
  }
  return { cookie: await signIn(baseUrl, BENCH_USER), collectors }
}

/** Realistic request targets: a stable pseudo-random spread of items and busy theme/year pairs. */
async function sampleCatalogue(handle: DatabaseHandle): Promise<CatalogueSample> {
  const slugs = await queryRows<{ slug: string }>(
    handle.db,
    sql`select slug from items order by md5(id::text) limit 500`,
  )
  const themeYears = await queryRows<{ themeId: number; year: number }>(
    handle.db,
    sql`select t.path[1] as "themeId", i.year from items i join themes t on t.id = i.theme_id
      where i.type = 'set' and i.year is not null group by 1, 2 order by count(*) desc limit 50`,
  )
  const setsWithFigures = await queryRows<{ number: string }>(
    handle.db,
    sql`select s.number from items s where exists (select 1 from set_minifigures l where l.set_id = s.id)
      order by md5(s.id::text) limit 200`,
  )
  const popular = await queryRows<{ id: number }>(
    handle.db,
    sql`select s.item_id as id from price_snapshots s join items i on i.id = s.item_id and i.type = 'set'
      where s.grade = 'new' order by s.sales_count desc limit 100`,
  )
  const random = await queryRows<{ id: number }>(
    handle.db,
    sql`select id from items where type = 'set' order by md5(id::text || 'random') limit 100`,
  )
  const postCursors = await queryRows<{ id: number }>(
    handle.db,
    sql`select id from posts order by md5(id::text) limit 100`,
  )
  const postItems = await queryRows<{ id: number }>(
    handle.db,
    sql`select item_id as id from posts where item_id is not null group by item_id order by count(*) desc, item_id
      limit 100`,
  )
  const [condition] = await queryRows<{ id: number }>(
    handle.db,
    sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  const coldItems = await queryRows<{ id: number; slug: string }>(
    handle.db,
    sql`select id, slug from items order by md5(id::text || 'cold') limit 5000`,
  )
  const everyThemeYear = await queryRows<{ themeId?: number; year?: number }>(
    handle.db,
    sql`select t.path[1] as "themeId", i.year from items i join themes t on t.id = i.theme_id
      where i.type = 'set' group by grouping sets ((1, 2), (1), (2)) order by 1, 2`,
  )
  const entries = await queryRows<{ email: string; id: string }>(
    handle.db,
    sql`select distinct on (u.email) u.email, c.id from users u join collections c on c.user_id = u.id
      where u.email like 'collector%@brickfolio.test' order by u.email, c.id`,
  )
  const entryOf = new Map(entries.map((row) => [row.email, row.id]))
  return {
    slugs: slugs.map((row) => row.slug),
    themeYears,
    setsWithFigures: setsWithFigures.map((row) => row.number),
    popularItemIds: popular.map((row) => row.id),
    randomItemIds: random.map((row) => row.id),
    setConditionId: condition?.id ?? 1,
    postCursors: postCursors.map((row) => String(row.id)),
    postItemIds: postItems.map((row) => row.id),
    searchPrefixes: await searchPrefixes(handle),
    everyThemeYear: everyThemeYear.map(({ themeId, year }) => ({
      themeId: themeId ?? undefined,
      year: year ?? undefined,
    })),
    coldItems,
    collectorEntryIds: Array.from({ length: COLLECTORS }, (_, index) => {
      const id = entryOf.get(collectorEmail(index))
      if (!id) throw new Error(`${collectorEmail(index)} has no collection`)
      return id
    }),
  }
}

const SEARCH_PREFIXES = 5000

/**
 * What collectors type, keystroke by keystroke: prefixes (2–24 characters) of real set and minifigure names,
 * and of set numbers (a fifth), in a stable pseudo-random order of items; each prefix once.
 */
async function searchPrefixes(handle: DatabaseHandle): Promise<string[]> {
  const items = await queryRows<{ name: string; number: string }>(
    handle.db,
    sql`select name, number from items order by md5(id::text || 'prefixes') limit 3000`,
  )
  const prefixes = new Set<string>()
  for (const [index, item] of items.entries()) {
    const text = (index % 5 === 4 ? item.number : item.name).toLowerCase()
    for (let length = 2; length <= Math.min(text.length, 24); length++) {
      const prefix = text.slice(0, length).trim()
      if (prefix.length >= 2) prefixes.add(prefix)
      if (prefixes.size === SEARCH_PREFIXES) return [...prefixes]
    }
  }
  return [...prefixes]
}

async function measureServer(
  database: string,
  env: Record<string, string>,
  cacheSeconds: number,
  sample: CatalogueSample,
  /** PostgreSQL only: the database to sample the recompute queue of during write rows, and to vacuum between rows. */
  queueUrl?: string,
): Promise<Row[]> {
  const port = 3902
  const server = await startProcess(
    [
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []),
      'src/server/main.ts',
    ],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      READ_CACHE_TTL_SECONDS: String(cacheSeconds),
      // The bench signs in its 201 users from one address, at every server start, and the count is kept in the
      // database across runs (ADR 006).
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // No outside rates service here: the built-in rates, without a failing fetch at start.
      FX_API_URL: 'http://127.0.0.1:9/unreachable',
    },
    `http://127.0.0.1:${port}/readyz`,
  )
  const rows: Row[] = []
  try {
    const session = await signInAll(`http://127.0.0.1:${port}`)
    for (const scenario of selectedScenarios().filter((row) => !args.only || row.name.includes(args.only))) {
      const requests = scenario.requests(sample, session)
      const cache = cacheSeconds > 0 ? `${cacheSeconds} s` : 'off'
      log(`${database}, cache ${cache}: ${scenario.name}`)
      if (queueUrl) {
        const vacuumed = await standInForAutovacuum(queueUrl)
        if (vacuumed.length > 0)
          log(`  autovacuum is off: vacuumed and analyzed ${vacuumed.join(', ')} first`)
      }
      // A short warm-up first, so the numbers are of a running server and not of its JIT start.
      const load = {
        baseUrl: `http://127.0.0.1:${port}`,
        requests,
        connections: scenario.connections ?? connections,
      }
      await drive({ ...load, durationSeconds: WARM_UP_SECONDS })
      const stopSampling = scenario.freshness && queueUrl ? await sampleFreshness(queueUrl) : undefined
      const result = await drive({ ...load, durationSeconds, serverPid: server.pid })
      const freshness = await stopSampling?.()
      rows.push({
        database,
        scenario: scenario.name,
        cache,
        result,
        budget: scenario.budgetP99Ms,
        freshness,
      })
    }
  } finally {
    await stopProcess(server)
  }
  return rows
}

async function startProcess(
  script: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // Else the readiness check below would be answered by that server, and the rows would measure it.
  if (await answers(readyUrl))
    throw new Error(
      `A server already answers at ${readyUrl} (left by a bench run that died?): stop it, then run the bench again`,
    )
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script.join(' ')} exited with ${child.exitCode}`)
    try {
      if ((await fetch(readyUrl)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`${script.join(' ')} did not become ready`)
}

/** Whether any server answers at `url`, whatever its status. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url)
    return true
  } catch {
    return false
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

function printTable(hello: LoadResult, rows: Row[]) {
  const header =
    '| database | endpoint | cache | req/s | p50 ms | p99 ms | vs hello-world | p99 budget | CPU ms per request: server + PostgreSQL + load |'
  const lines = [
    `Load: ${connections} connections, ${durationSeconds} s per row, on 127.0.0.1.`,
    '',
    header,
    '|---|---|---|---:|---:|---:|---:|---|---:|',
    `| – | bare Fastify hello-world | – | ${Math.round(hello.requestsPerSecond)} | ${hello.p50} | ${hello.p99} | 100% | – | ${cpuCell(hello.cpu)} |`,
  ]
  for (const row of rows) {
    const ratio = `${((row.result.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(0)}%`
    const verdict =
      row.budget === undefined ? '–' : `${row.budget} ms ${row.result.p99 <= row.budget ? 'ok' : 'OVER'}`
    const failures = row.result.errors + row.result.non2xx
    lines.push(
      `| ${row.database} | ${row.scenario} | ${row.cache} | ${Math.round(row.result.requestsPerSecond)} | ${row.result.p50} | ${row.result.p99} | ${ratio} | ${verdict}${failures ? ` (${failures} failed)` : ''} | ${cpuCell(row.result.cpu)} |`,
    )
  }
  const fresh = rows.filter((row) => row.freshness)
  if (fresh.length > 0) {
    lines.push(
      '',
      'Freshness (sale commit → snapshot: age of the oldest queued change, sampled every 50 ms; budget p99 ≤ 1,000 ms; sales/s budget ≥ 2,000):',
      '',
      '| database | endpoint | cache | sales/s | samples | p50 ms | p99 ms | max ms | verdict |',
      '|---|---|---|---:|---:|---:|---:|---:|---|',
    )
    for (const row of fresh) {
      const f = row.freshness as Freshness
      const rate = Math.round(row.result.requestsPerSecond)
      // The rate budget is for the 50-connection row; a 5-connection row measures freshness at a light load.
      const rateMet = row.budget === undefined || rate >= 2000
      const verdict = f.p99 <= 1000 && rateMet ? 'ok' : 'OVER'
      lines.push(
        `| ${row.database} | ${row.scenario} | ${row.cache} | ${rate} | ${f.samples} | ${f.p50} | ${f.p99} | ${f.max} | ${verdict} |`,
      )
    }
  }
  if (alertRows.length > 0) {
    lines.push(
      '',
      'Alert evaluation of one item with 10,000 alerts (budget ≤ 50 ms):',
      '',
      '| database | alerts | runs | p50 ms | p99 ms | max ms | verdict |',
      '|---|---:|---:|---:|---:|---:|---|',
    )
    for (const row of alertRows)
      lines.push(
        `| ${row.database} | ${row.alerts} | ${row.runs} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.p99 <= 50 ? 'ok' : 'OVER'} |`,
      )
  }
  lines.push(...uploadProcessingTable(uploadRows))
  console.log(lines.join('\n'))
}

/** A row's CPU per request, in milliseconds (PGlite runs inside the server: its share is the server's). */
const cpuCell = (cpu: CpuPerRequest | undefined) =>
  cpu ? [cpu.serverMs, cpu.postgresMs, cpu.loadMs].map((ms) => ms.toFixed(3)).join(' + ') : '–'

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
