import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { adminConnection, quoteIdentifier } from './postgres-admin.ts'

/** A test file's database; `url` is its PostgreSQL address (absent on PGlite, which is in-process). */
export type TestDatabase = DatabaseHandle & { url?: string }

/**
 * A database of this test file's own, migrated and seeded with reference data, the demo catalogue and
 * its first account (an admin): a copy of the PGlite dump, or a new PostgreSQL database from the template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('databaseDriver') === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteDump'))])
    return openDatabase({ driver: 'pglite', loadDataDir: dump })
  }
  const url = process.env.TEST_DATABASE_URL as string
  const name = `brickfolio_test_${randomBytes(6).toString('hex')}`
  const admin = await adminConnection(url)
  try {
    await admin.query(
      `create database ${quoteIdentifier(name)} template ${quoteIdentifier(inject('postgresTemplate'))}`,
    )
  } finally {
    await admin.end()
  }
  const fileUrl = new URL(url)
  fileUrl.pathname = `/${name}`
  const handle = await openDatabase({ driver: 'postgres', url: fileUrl.toString(), poolMax: 4 })
  return {
    ...handle,
    url: fileUrl.toString(),
    close: async () => {
      await handle.close()
      const dropper = await adminConnection(url)
      try {
        await dropper.query(`drop database if exists ${quoteIdentifier(name)} with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}
