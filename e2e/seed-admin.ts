/**
 * Prepares each e2e server's fresh database before the server starts (playwright.config.ts runs this
 * first, in the same command): migrates and seeds it as the server would, then adds its first account,
 * an admin who has finished onboarding. The first account of an install becomes its admin, so this one
 * keeps the people the specs sign up plain members. PGlite allows one process at a time, so this runs
 * and closes before the server opens the directory; the admin CLI cannot be used because it needs an
 * existing user and a stopped server.
 */
import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/client.ts'
import { openConfiguredDatabase } from '#server/db/open.ts'
import { hashPassword } from '#server/modules/auth/passwords.ts'
import { ADMIN_EMAIL, PASSWORD } from './accounts.ts'

const dataDir = process.env.PGLITE_DIR
if (!dataDir) throw new Error('seed-admin: PGLITE_DIR is not set')

const database = await openConfiguredDatabase({
  DATABASE_URL: undefined,
  PGLITE_DIR: dataDir,
  SEED_DEMO: true,
  DB_POOL_MAX: 1,
})
try {
  const passwordHash = await hashPassword(PASSWORD)
  await queryRows(
    database.db,
    sql`insert into users (email, password_hash, first_name, last_name, role, onboarding_completed, profile_type)
      values (${ADMIN_EMAIL}, ${passwordHash}, 'Ada', 'Admin', 'admin', true, 'collector')
      on conflict (email) do update set role = 'admin', password_hash = excluded.password_hash`,
  )
} finally {
  await database.close()
}
