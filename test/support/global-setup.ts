import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDemoCatalogue, seedReferenceData } from '#server/db/seed.ts'
import { seedFirstAccount } from './first-account.ts'
import { adminConnection, quoteIdentifier } from './postgres-admin.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseDriver: 'pglite' | 'postgres'
    /** PGlite: a dumped data directory, migrated and seeded, that each test file starts from. */
    pgliteDump: string
    /** PostgreSQL: a migrated, seeded template database that each test file copies. */
    postgresTemplate: string
  }
}

/**
 * Migrates and seeds one database per run, with its first account (an admin, first-account.ts); each test
 * file then gets its own copy of it.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.provide.databaseDriver
  if (driver === 'pglite') {
    const handle = await openDatabase({ driver: 'pglite' })
    await migrateDatabase(handle)
    await seedReferenceData(handle.db)
    await seedDemoCatalogue(handle.db)
    await seedFirstAccount(handle.db)
    const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } })
      .$client
    const dump = await client.dumpDataDir('gzip')
    await handle.close()
    const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-test-'))
    const file = path.join(dir, 'seeded.tar.gz')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteDump', file)
    return () => rmSync(dir, { recursive: true, force: true })
  }

  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project')
  const template = `brickfolio_template_${randomBytes(4).toString('hex')}`
  const admin = await adminConnection(url)
  await admin.query(`create database ${quoteIdentifier(template)}`)
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${template}`
  const handle = await openDatabase({ driver: 'postgres', url: templateUrl.toString(), poolMax: 2 })
  await migrateDatabase(handle)
  await seedReferenceData(handle.db)
  await seedDemoCatalogue(handle.db)
  await seedFirstAccount(handle.db)
  await handle.close()
  project.provide('postgresTemplate', template)
  return async () => {
    await admin.query(`drop database if exists ${quoteIdentifier(template)} with (force)`)
    await admin.end()
  }
}
