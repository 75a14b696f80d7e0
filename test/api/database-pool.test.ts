import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

/**
 * The pool sends statements with parameters as named prepared statements (ADR 016): parsed once per
 * connection rather than at every run. PGlite has no pool.
 */
describe.skipIf(inject('databaseDriver') !== 'postgres')('prepared statements (PostgreSQL)', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
  })

  afterAll(async () => {
    await database?.close()
  })

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    const single = await openDatabase({ driver: 'postgres', url: database.url as string, poolMax: 1 })
    try {
      const ids = []
      for (const id of [1, 2, 3]) {
        const rows = await queryRows<{ id: number }>(
          single.db,
          sql`select id from conditions where id = ${id} and category is not null`,
        )
        ids.push(rows[0]?.id)
      }
      expect(ids).toEqual([1, 2, 3])
      const prepared = await queryRows<{ statement: string; generic: number; custom: number }>(
        single.db,
        sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like ${'%from conditions where id = $1 and category is not null%'}`,
      )
      expect(prepared).toHaveLength(1)
      expect((prepared[0]?.generic ?? 0) + (prepared[0]?.custom ?? 0)).toBe(3)
    } finally {
      await single.close()
    }
  })

  it('answers the same in a transaction, and after a statement failed', async () => {
    const single = await openDatabase({ driver: 'postgres', url: database.url as string, poolMax: 1 })
    try {
      const failing = sql`select id from conditions where id = ${'not a number'}::int`
      await expect(single.db.execute(failing)).rejects.toThrow()
      await expect(single.db.execute(failing)).rejects.toThrow()
      const label = await single.db.transaction(async (tx) => {
        const rows = await queryRows<{ label: string }>(tx, sql`select label from conditions where id = ${1}`)
        return rows[0]?.label
      })
      expect(label).toBeTruthy()
    } finally {
      await single.close()
    }
  })
})
