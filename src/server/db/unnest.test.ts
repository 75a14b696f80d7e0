import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase, queryRows } from './client.ts'
import { unnestRows } from './unnest.ts'

const rows = (ids: Array<number | null>, names: Array<string | null>) =>
  unnestRows('r', { id: sql`${sql.param(ids)}::int[]`, name: sql`${sql.param(names)}::text[]` }, 'ord')

describe('rows sent as arrays (unnestRows)', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({ driver: 'pglite' })
  })
  afterAll(() => handle.close())

  it('answers each row with its columns and its place, nulls kept', async () => {
    const answer = await queryRows<{ id: number | null; name: string | null; ord: string }>(
      handle.db,
      sql`select r.id, r.name, r.ord::text from ${rows([3, null, 1], ['c', 'b', null])} order by r.ord`,
    )
    expect(answer).toEqual([
      { id: 3, name: 'c', ord: '1' },
      { id: null, name: 'b', ord: '2' },
      { id: 1, name: null, ord: '3' },
    ])
  })

  it('is joined like a table, and answers no rows for empty arrays', async () => {
    const joined = (ids: number[]) =>
      queryRows<{ name: string }>(
        handle.db,
        sql`select t.name from ${rows(ids, ids.map(String))} join (values (1, 'one'), (2, 'two')) as t(id, name)
          on t.id = r.id order by r.ord`,
      )
    expect(await joined([2, 5, 1])).toEqual([{ name: 'two' }, { name: 'one' }])
    expect(await joined([])).toEqual([])
  })

  it('keeps one plan for batches of every length, where unnest of the arrays themselves is planned at each run', async () => {
    // A statement whose cost grows with its rows, run with batches of one as a lone sale is.
    const statement = (from: SQL) =>
      new PgDialect().sqlToQuery(sql`select count(*) from ${from} join pg_class c on c.oid = r.id::oid`).sql
    const generic = async (text: string, name: string) => {
      await handle.db.execute(sql.raw(`prepare ${name}(int[], text[]) as ${text}`))
      for (let run = 0; run < 10; run++) await handle.db.execute(sql.raw(`execute ${name}('{1}', '{a}')`))
      const [row] = await queryRows<{ generic: number }>(
        handle.db,
        sql`select generic_plans::int as generic from pg_prepared_statements where name = ${name}`,
      )
      await handle.db.execute(sql.raw(`deallocate ${name}`))
      return row?.generic
    }
    const plain = sql`unnest(${sql.param([1])}::int[], ${sql.param(['a'])}::text[]) with ordinality as r(id, name, ord)`
    expect(await generic(statement(plain), 'plain_unnest')).toBe(0)
    expect(await generic(statement(rows([1], ['a'])), 'unnest_rows')).toBeGreaterThan(0)
  })
})
