import type { Config } from '../config.ts'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { seedDemoCatalogue, seedReferenceData } from './seed.ts'
import { databaseUnavailableReason } from './unavailable.ts'

type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'PGLITE_DIR' | 'SEED_DEMO' | 'DB_POOL_MAX'> &
  Partial<Pick<Config, 'DB_CONNECT_TIMEOUT_SECONDS'>>

export interface WaitAtStart {
  /** How long to keep trying while PostgreSQL cannot be reached (it may be starting beside the app). */
  forMs: number
  /** Told before each wait, to say why the start is taking longer. */
  onWait: (reason: string, retryInMs: number) => void
}

/**
 * Opens the configured database (PostgreSQL or embedded PGlite), migrates it and seeds what is missing. With
 * `wait`, a PostgreSQL that cannot be reached yet is tried again (after 0.5, 1, 2, 4, 5, 5… s) until
 * `wait.forMs` has passed; any other failure (a wrong password, a failed migration) ends the start at once.
 */
export async function openConfiguredDatabase(
  config: DatabaseConfig,
  wait?: WaitAtStart,
): Promise<DatabaseHandle> {
  const deadline = Date.now() + (wait?.forMs ?? 0)
  for (let attempt = 0; ; attempt++) {
    try {
      return await openAndPrepare(config)
    } catch (error) {
      const reason = databaseUnavailableReason(error)
      const retryInMs = Math.min(500 * 2 ** attempt, 5000)
      if (!wait || !reason || Date.now() + retryInMs > deadline) throw error
      wait.onWait(reason, retryInMs)
      await new Promise((resolve) => setTimeout(resolve, retryInMs))
    }
  }
}

async function openAndPrepare(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openDatabase({
        driver: 'postgres',
        url: config.DATABASE_URL,
        poolMax: config.DB_POOL_MAX,
        connectTimeoutMs: (config.DB_CONNECT_TIMEOUT_SECONDS ?? 5) * 1000,
      })
    : await openDatabase({ driver: 'pglite', dataDir: config.PGLITE_DIR })
  try {
    await migrateDatabase(handle)
    await seedReferenceData(handle.db)
    if (config.SEED_DEMO) await seedDemoCatalogue(handle.db)
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}
