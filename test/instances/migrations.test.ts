import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase, postgresPool, queryRows } from '#server/db/client.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import { migrateDatabase, migrationsFolder } from '#server/db/migrate.ts'
import { adminConnection, quoteIdentifier } from '../support/postgres-admin.ts'

const INSTANCES = 3
const serverUrl = process.env.TEST_DATABASE_URL as string
const name = `brickfolio_migrate_${randomBytes(6).toString('hex')}`
let handles: DatabaseHandle[] = []
const dbOf = (instance: number) => (handles[instance] as DatabaseHandle).db

beforeAll(async () => {
  const admin = await adminConnection(serverUrl)
  try {
    await admin.query(`create database ${quoteIdentifier(name)}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  handles = await Promise.all(
    Array.from({ length: INSTANCES }, () => openDatabase({ driver: 'postgres', url: url.toString() })),
  )
})

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()))
  const admin = await adminConnection(serverUrl)
  try {
    await admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`)
  } finally {
    await admin.end()
  }
})

it('instances starting together on an empty database apply each migration once, and PostgreSQL warns of nothing', async () => {
  // PostgreSQL's warnings ("there is already a transaction in progress") reach the client as notices; the
  // migrator's own "already exists, skipping" are of a lower severity, NOTICE.
  const warnings: string[] = []
  const heard = new WeakSet<pg.PoolClient>()
  for (const handle of handles) {
    const pool = postgresPool(handle.db) as pg.Pool
    pool.on('acquire', (client) => {
      if (heard.has(client)) return
      heard.add(client)
      client.on('notice', (notice) => {
        if (notice.severity === 'WARNING') warnings.push(notice.message ?? '')
      })
    })
  }

  await Promise.all(handles.map((handle) => migrateDatabase(handle)))

  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>
  }
  const applied = await queryRows<{ createdAt: string }>(
    dbOf(0),
    sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at`,
  )
  expect(applied.map((row) => Number(row.createdAt))).toEqual(journal.entries.map((entry) => entry.when))
  expect(warnings).toEqual([])
  const locks = await queryRows<{ held: number }>(
    dbOf(0),
    sql`select count(*)::int as held from pg_locks where locktype = 'advisory' and objid = ${JOB_LOCKS.migrations}`,
  )
  expect(locks[0]?.held).toBe(0)
  // And the schema is there to use.
  const items = await queryRows<{ count: number }>(dbOf(1), sql`select count(*)::int as count from items`)
  expect(items[0]?.count).toBe(0)
})
