import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const lockFile = () => path.join(dir, LOCK_FILE)

describe('one process at a time in the embedded database’s directory', () => {
  it('refuses a second open of the same directory while the first is open, and allows it after close', async () => {
    const first = await openDatabase({ driver: 'pglite', dataDir: dir })
    try {
      await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(
        new DataDirInUseError(dir, process.pid),
      )
      // The refused open took nothing away from the first.
      await first.db.execute(sql`select 1`)
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
    } finally {
      await first.close()
    }
    // Released: the next process may open it (taking the lock again is tested below, without a database).
    expect(existsSync(lockFile())).toBe(false)
  }, 60_000)

  it('refuses a directory locked by another live process, naming its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      writeFileSync(lockFile(), String(other.pid))
      const refusal = await lockDataDir(dir).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(DataDirInUseError)
      expect((refusal as Error).message).toBe(
        `The database in ${dir} is in use by another Brickfolio process (pid ${other.pid}).`,
      )
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(other.pid))
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that is gone, and releases it', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(lockFile(), String(gone))
    const release = await lockDataDir(dir)
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(lockFile())).toBe(false)
  })

  it('takes over a lock holding its own pid that it does not hold (a restarted container reuses pids)', async () => {
    writeFileSync(lockFile(), String(process.pid))
    const release = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError)
    release()
    const again = await lockDataDir(dir)
    again()
  })
})
