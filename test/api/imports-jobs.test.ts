import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { RESTARTED } from '#server/modules/imports/import.jobs.ts'
import { type ImportJob, importJobSchema, importJobsSchema } from '#shared/contract/imports.ts'
import { importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Files over 5 MB run as jobs in the instance that received them (ADR 013 §7): progress written as they
 * go, a restart's interrupted job run again from its file, a stop leaving the job to be finished later.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-import-jobs-'))
const context = setupTestApp({ imports: { dir, runJobs: true } })
let cookies: Record<'owner' | 'other', string>

const ROWS = 10_000
const NUMBERS = ['75192-1', '10497-1', '21318-1', '10276-1', '60380-1', '42115-1']

/** A BrickEconomy per-copy export of ROWS copies, each row long with notes: over 5 MB. */
function bigCollection(): Buffer {
  const lines = ['Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes']
  for (let row = 0; row < ROWS; row++) {
    const paid = `€${(row % 700) + 1}.${String(row % 100).padStart(2, '0')}`
    const notes = `Copy ${row}: ${'kept in the loft, box flattened, bags numbered; '.repeat(11)}`
    lines.push(
      `${NUMBERS[row % NUMBERS.length]},Theme,,2020,A set,€99.99,${paid},€120.00,New,2024-01-15,"${notes}"`,
    )
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`)
}
const file = bigCollection()

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['owner', 'other'])
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const job = async (id: string, cookie = cookies.owner) => {
  const response = await context.app.inject({ url: `/api/imports/${id}`, headers: { cookie } })
  expect(response.statusCode, response.body).toBe(200)
  return importJobSchema.parse(response.json())
}

/** Polls the job until it ends, keeping every state seen on the way. */
async function follow(id: string, seen: ImportJob[] = [], cookie = cookies.owner): Promise<ImportJob> {
  for (const started = Date.now(); Date.now() - started < 180_000; ) {
    const state = await job(id, cookie)
    seen.push(state)
    if (state.status === 'done' || state.status === 'failed') return state
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`import ${id} did not finish`)
}

const entriesOf = async (cookie: string) => {
  const user = await context.app.inject({ url: '/api/auth/user', headers: { cookie } })
  const [row] = await queryRows<{ n: number }>(
    context.database.db,
    sql`select count(*)::int as n from collections where user_id = ${user.json().id as string}`,
  )
  return row?.n ?? 0
}

const upload = (cookie: string, fields: Record<string, string> = {}) =>
  importUpload(context.app, cookie, { source: 'csv', ...fields }, [
    { name: 'brickeconomy.csv', content: file },
  ])

describe('a large import', () => {
  it('runs as a job whose progress moves, and lands every row', async () => {
    expect(file.length).toBeGreaterThan(5 * 1024 * 1024)
    const response = await upload(cookies.owner)
    expect(response.statusCode, response.body).toBe(202)
    const queued = importJobSchema.parse(response.json())
    expect(queued).toMatchObject({ mode: 'commit', target: 'collection', format: 'brickeconomy-collection' })
    expect(queued.fileSize).toBe(file.length)

    const seen: ImportJob[] = []
    const done = await follow(queued.id, seen)
    expect(done.status, done.error ?? '').toBe('done')
    expect(done.result).toMatchObject({ mode: 'commit', imported: ROWS, errorsTotal: 0 })
    expect(done.percent).toBe(100)
    // Seen part-way: a phase, a percentage between the ends, rows done and a speed.
    const running = seen.filter((state) => state.status === 'running' && state.rowsDone > 0)
    expect(running.length).toBeGreaterThan(1)
    expect(running.some((state) => state.percent > 0 && state.percent < 100)).toBe(true)
    expect(running.some((state) => state.phase === 'importing' && (state.rowsPerSecond ?? 0) > 0)).toBe(true)
    const percents = running.map((state) => state.percent)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
    expect(await entriesOf(cookies.owner)).toBe(ROWS)
    // A commit's file is removed once done.
    expect(readdirSync(dir)).toEqual([])

    const list = await context.app.inject({ url: '/api/imports', headers: { cookie: cookies.owner } })
    expect(importJobsSchema.parse(list.json()).imports[0]?.id).toBe(queued.id)
    for (const url of [`/api/imports/${queued.id}`, `/api/imports/${queued.id}/report.csv`]) {
      const other = await context.app.inject({ url, headers: { cookie: cookies.other } })
      expect(other.statusCode, url).toBe(404)
    }
  }, 200_000)

  it('previews as a job, then commits the kept file with the choices made', async () => {
    const response = await upload(cookies.other, { mode: 'preview' })
    expect(response.statusCode).toBe(202)
    const { id } = importJobSchema.parse(response.json())
    const previewed = await follow(id, [], cookies.other)
    expect(previewed.result).toMatchObject({ mode: 'preview', rows: ROWS, counts: { new: ROWS } })
    expect(await entriesOf(cookies.other)).toBe(0)
    expect(readdirSync(dir)).toHaveLength(1)

    const commit = (cookie: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/imports/${id}/commit`,
        headers: { cookie },
        payload: {},
      })
    expect((await commit(cookies.owner)).statusCode).toBe(404)
    const committed = await commit(cookies.other)
    expect(committed.statusCode, committed.body).toBe(202)
    const done = await follow(id, [], cookies.other)
    expect(done).toMatchObject({ mode: 'commit', status: 'done', result: { imported: ROWS } })
    expect(await entriesOf(cookies.other)).toBe(ROWS)
    expect((await commit(cookies.other)).statusCode).toBe(409)
  }, 200_000)
})

describe('jobs and restarts', () => {
  /** A job as a restart leaves it: 'running', its file (or not) in its folder. */
  async function interruptedJob(
    withFile: boolean,
    folder = path.join(dir, `interrupted-${withFile}`),
  ): Promise<string> {
    const user = await context.app.inject({ url: '/api/auth/user', headers: { cookie: cookies.owner } })
    if (withFile) {
      mkdirSync(folder, { recursive: true })
      writeFileSync(path.join(folder, '0-brickeconomy.csv'), file)
    }
    const [row] = await queryRows<{ id: string }>(
      context.database.db,
      sql`insert into import_jobs (user_id, status, mode, target, format, file_name, file_size, file_path, options,
          started_at, bytes_done, rows_done)
        values (${user.json().id as string}, 'running', 'commit', 'collection', 'brickeconomy-collection',
          'brickeconomy.csv', ${file.length}, ${folder},
          ${JSON.stringify({ choices: {}, actor: { role: 'user', isTrusted: false, currency: 'EUR' } })}::jsonb,
          now(), 1000, 10)
        returning id`,
    )
    return row?.id ?? ''
  }

  it('runs a job a restart interrupted again from its file, and fails one whose file is gone', async () => {
    await context.app.importJobs.stop()
    const resumable = await interruptedJob(true)
    const lost = await interruptedJob(false)
    // Another instance's job, in a folder whose name begins with this one's: not this instance's to touch.
    const others = await interruptedJob(false, path.join(`${dir}0`, 'interrupted'))
    context.app.importJobs.start()
    const done = await follow(resumable)
    // The earlier test imported the same rows for this user: the job lands them again, changing nothing.
    expect(done).toMatchObject({ status: 'done', result: { imported: 0, unchanged: ROWS } })
    expect(await job(lost)).toMatchObject({ status: 'failed', error: RESTARTED })
    expect(await job(others)).toMatchObject({ status: 'running' })
    expect(existsSync(path.join(dir, 'interrupted-true'))).toBe(false)
  }, 200_000)

  it('stops between two batches when the app closes, leaving the job to run again', async () => {
    const response = await upload(cookies.owner, { replace: 'true' })
    const { id } = importJobSchema.parse(response.json())
    for (
      let state = await job(id);
      state.phase !== 'importing' || state.rowsDone === 0;
      state = await job(id)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await context.app.importJobs.stop()
    const stopped = await job(id)
    expect(stopped.status).toBe('running')
    const folder = (
      await queryRows<{ file_path: string }>(
        context.database.db,
        sql`select file_path from import_jobs where id = ${id}`,
      )
    )[0]?.file_path
    expect(folder && existsSync(folder)).toBe(true)
    context.app.importJobs.start()
    expect(await follow(id)).toMatchObject({ status: 'done', result: { unchanged: ROWS, removed: 0 } })
    expect(readdirSync(dir)).toEqual([])
  }, 200_000)
})
