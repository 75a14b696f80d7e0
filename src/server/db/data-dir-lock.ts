import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The lock's name inside the data directory; PostgreSQL ignores files it does not know there. */
export const LOCK_FILE = 'brickfolio.lock'

/** Another live process has the embedded database's directory open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dataDir} is in use by another Brickfolio process (pid ${pid}).`)
  }
}

/** Lock files this process holds, so that opening the same directory twice in one process is refused too. */
const held = new Set<string>()

/**
 * Takes the embedded database's directory for this process alone. PGlite has no lock of its own: a second
 * process opening the same directory (the admin CLI beside a running server) reports success and loses its
 * writes, or aborts. The lock is a file holding our pid, created only if absent (`wx`); one whose pid is no
 * longer alive was left by a crash and is taken over. Returns the release, which also runs at exit.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = path.resolve(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return holding(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = lockOwner(file)
    if (owner === undefined && attempt < 5) {
      // Just created and not yet written, or just released: look again in a moment.
      await new Promise((resolve) => setTimeout(resolve, 20))
      continue
    }
    // Our own pid in a lock we do not hold is a previous run's (a restarted container reuses pids).
    const ours = owner === process.pid && !held.has(file)
    if (owner !== undefined && !ours && isAlive(owner)) throw new DataDirInUseError(dataDir, owner)
    // Stale: its process is gone. (Two processes taking over the same stale lock at the same instant could
    // both succeed; a crash followed by two simultaneous starts is left at that.)
    rmSync(file, { force: true })
  }
  throw new Error(`Could not take the lock ${file}; remove it if no Brickfolio process uses ${dataDir}.`)
}

function holding(file: string): () => void {
  held.add(file)
  const release = () => {
    process.off('exit', release)
    if (!held.delete(file)) return
    if (lockOwner(file) === process.pid) rmSync(file, { force: true })
  }
  process.on('exit', release)
  return release
}

/** The pid in a lock file; undefined while its writer has created it but not yet written to it. */
function lockOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch (error) {
    // Gone (released meanwhile, or the directory itself was removed).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user; ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
