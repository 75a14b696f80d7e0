import type { Config } from '../config.ts'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { seedDemoCatalogue, seedReferenceData } from './seed.ts'

/** Opens the configured database (PostgreSQL or embedded PGlite), migrates it and seeds what is missing. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'PGLITE_DIR' | 'SEED_DEMO' | 'DB_POOL_MAX'>,
): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX })
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
