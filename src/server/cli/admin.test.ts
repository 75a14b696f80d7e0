import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '../db/client.ts'
import { lockDataDir } from '../db/data-dir-lock.ts'
import { openConfiguredDatabase } from '../db/open.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-admin-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs `npm run admin -- …`'s script on the embedded database in `dir`. */
function admin(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: dir },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })))
}

describe('npm run admin on the embedded database', () => {
  it('refuses, saying why, while a server has the database open', async () => {
    // This test process stands for the running server: it holds the directory as the server does when it
    // opens the database (db/client.ts; that the open takes the lock is tested in db/data-dir-lock.test.ts).
    const release = await lockDataDir(dir)
    try {
      const result = await admin('beta:allow', 'someone@example.com')
      expect(result.status).toBe(1)
      expect(result.stderr.trim()).toBe(
        `The database in ${dir} is in use by another Brickfolio process (pid ${process.pid}). ` +
          'Stop the server first, or run this command against PostgreSQL (DATABASE_URL).',
      )
      expect(result.stdout).toBe('')
    } finally {
      release()
    }
  }, 30_000)

  it('stops trusting a user (user:untrust), and says so when no user has the e-mail', async () => {
    const email = 'trusted.once@example.com'
    // The command's own process opens the directory after this one has closed it (one process at a time).
    const withDatabase = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
      const database = await openConfiguredDatabase({ PGLITE_DIR: dir, SEED_DEMO: false, DB_POOL_MAX: 1 })
      try {
        return await work(database.db)
      } finally {
        await database.close()
      }
    }
    const trustOf = () =>
      withDatabase(async (db) => {
        const rows = await queryRows<{ trusted: boolean }>(
          db,
          sql`select is_trusted as trusted from users where email = ${email}`,
        )
        return rows[0]?.trusted
      })
    await withDatabase((db) => db.execute(sql`insert into users (email, is_trusted) values (${email}, true)`))
    expect(await trustOf()).toBe(true)
    const result = await admin('user:untrust', 'Trusted.Once@example.com')
    expect(result).toMatchObject({ status: 0, stdout: `${email} is no longer trusted\n` })
    expect(await trustOf()).toBe(false)

    const unknown = await admin('user:untrust', 'nobody@example.com')
    expect(unknown.status).toBe(1)
    expect(unknown.stderr.trim()).toBe(
      'No user has the e-mail nobody@example.com. They need to sign up first.',
    )
  }, 60_000)
})
